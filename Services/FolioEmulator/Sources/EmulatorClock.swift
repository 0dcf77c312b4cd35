import Foundation
import Synchronization

/// The only source of "now" for emulator routes. In test mode it stands still (moved through the admin API),
/// or, with a running test clock, goes on with the wall clock from its start (and is still moved through the
/// admin API); in live mode it is the wall clock.
public final class EmulatorClock: Sendable {
    /// Where the test-mode clock starts unless configured otherwise: 2025-01-01T00:00:00Z.
    public static let defaultTestInstant = Date(timeIntervalSince1970: 1_735_689_600)

    /// The mode the clock runs in.
    public let mode: EmulatorMode
    /// A test clock that goes on with the wall clock (`FOLIO_EMULATOR_CLOCK=running`).
    public let runs: Bool
    private let wallClock: @Sendable () -> Date
    /// Test mode: the fixed time, or for a running clock how far it is ahead of the wall clock.
    private let fixedNow: Mutex<Date>
    private let offset: Mutex<TimeInterval>

    /// Creates a clock; `start` and `runs` apply in test mode only. `wallClock` is the time a running or
    /// live clock follows.
    public init(
        mode: EmulatorMode, start: Date = EmulatorClock.defaultTestInstant, runs: Bool = false,
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.mode = mode
        self.runs = runs && mode == .test
        self.wallClock = wallClock
        fixedNow = Mutex(start)
        offset = Mutex(start.timeIntervalSince(wallClock()))
    }

    /// True in test mode with a clock that stands still unless moved.
    public var isFixed: Bool { mode == .test && !runs }

    /// Whether the admin API may move the clock (test mode, running or not).
    public var isAdjustable: Bool { mode == .test }

    /// The current emulator time.
    public func now() -> Date {
        switch (mode, runs) {
        case (.live, _): wallClock()
        case (.test, true): wallClock().addingTimeInterval(offset.withLock { $0 })
        case (.test, false): fixedNow.withLock { $0 }
        }
    }

    /// Moves the test clock forward by `seconds` (which must not be negative) and returns the new time.
    @discardableResult
    public func advance(seconds: Double) throws(EmulatorError) -> Date {
        guard mode == .test else { throw .clockNotAdjustable }
        guard seconds.isFinite, seconds >= 0 else {
            throw .invalidConfiguration("advanceSeconds must be a non-negative number")
        }
        if runs {
            offset.withLock { $0 += seconds }
            return now()
        }
        return fixedNow.withLock { now in
            now = now.addingTimeInterval(seconds)
            return now
        }
    }

    /// Sets the test clock to `date` (a running clock goes on from there).
    public func set(_ date: Date) throws(EmulatorError) {
        guard mode == .test else { throw .clockNotAdjustable }
        if runs {
            let wall = wallClock()
            offset.withLock { $0 = date.timeIntervalSince(wall) }
        } else {
            fixedNow.withLock { $0 = date }
        }
    }
}
