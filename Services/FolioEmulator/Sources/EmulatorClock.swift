import Foundation
import Synchronization

/// The only source of "now" for emulator routes: fixed in test mode (moved through the admin API),
/// the wall clock in live mode.
public final class EmulatorClock: Sendable {
    /// Where the test-mode clock starts unless configured otherwise: 2025-01-01T00:00:00Z.
    public static let defaultTestInstant = Date(timeIntervalSince1970: 1_735_689_600)

    /// The mode the clock runs in.
    public let mode: EmulatorMode
    private let fixedNow: Mutex<Date>

    /// Creates a clock; `start` is used in test mode only.
    public init(mode: EmulatorMode, start: Date = EmulatorClock.defaultTestInstant) {
        self.mode = mode
        fixedNow = Mutex(start)
    }

    /// True in test mode: time stands still unless moved.
    public var isFixed: Bool { mode == .test }

    /// The current emulator time.
    public func now() -> Date {
        mode == .test ? fixedNow.withLock { $0 } : Date()
    }

    /// Moves the test clock forward by `seconds` (which must not be negative) and returns the new time.
    @discardableResult
    public func advance(seconds: Double) throws(EmulatorError) -> Date {
        guard mode == .test else { throw .clockNotAdjustable }
        guard seconds.isFinite, seconds >= 0 else {
            throw .invalidConfiguration("advanceSeconds must be a non-negative number")
        }
        return fixedNow.withLock { now in
            now = now.addingTimeInterval(seconds)
            return now
        }
    }

    /// Sets the test clock to `date`.
    public func set(_ date: Date) throws(EmulatorError) {
        guard mode == .test else { throw .clockNotAdjustable }
        fixedNow.withLock { $0 = date }
    }
}
