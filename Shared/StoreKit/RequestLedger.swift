/// What a request is awaited for. Requests of one slot supersede each other: awaiting a new one stops the wait
/// for the one before, whose answer is then stale. Requests without a slot are awaited side by side.
public protocol RequestPurpose: Sendable, Codable, Equatable {
    associatedtype Slot: Equatable
    var slot: Slot? { get }
}

/// The request ids a reducer hands out to its effects and the answers it still waits for, so that an answer to
/// a superseded or abandoned request is recognised as stale in one place (`settle`), not by a check per event.
/// Ids count up from 1 and are never handed out twice (unless the reducer counts again from an earlier id on
/// purpose, `restart(countingFrom:)`): they also serve as idempotency keys.
public struct RequestLedger<Purpose: RequestPurpose>: Sendable, Codable, Equatable {
    public struct Entry: Sendable, Codable, Equatable {
        public var id: UInt64
        public var purpose: Purpose

        public init(id: UInt64, purpose: Purpose) {
            self.id = id
            self.purpose = purpose
        }
    }

    /// The last id handed out (0: none yet).
    public private(set) var lastIssued: UInt64
    /// The requests whose answers are awaited, in id order.
    public private(set) var awaited: [Entry]

    public init(lastIssued: UInt64 = 0, awaited: [Entry] = []) {
        self.lastIssued = lastIssued
        self.awaited = awaited
    }

    // MARK: Handing out ids

    /// A new id whose answer nobody waits for (an effect that answers nothing, a key of its own).
    public mutating func issue() -> UInt64 {
        lastIssued += 1
        return lastIssued
    }

    /// A new id whose answer is awaited for `purpose`.
    public mutating func request(_ purpose: Purpose) -> UInt64 {
        let id = issue()
        expect(id, for: purpose)
        return id
    }

    /// Awaits the answer to an id handed out before (a request sent again under the same id, a queued request
    /// whose id was issued when it was queued).
    public mutating func expect(_ id: UInt64, for purpose: Purpose) {
        awaited.removeAll { $0.id == id || (purpose.slot != nil && $0.purpose.slot == purpose.slot) }
        // Kept in id order, so two ledgers awaiting the same requests are equal however they got there.
        let index = awaited.firstIndex { $0.id > id } ?? awaited.endIndex
        awaited.insert(Entry(id: id, purpose: purpose), at: index)
    }

    /// Counts on from `id`: the next id handed out is `id + 1`. Nothing stays awaited.
    public mutating func restart(countingFrom id: UInt64) {
        lastIssued = id
        awaited = []
    }

    // MARK: Answers

    public func isAwaited(_ id: UInt64) -> Bool { awaited.contains { $0.id == id } }

    public func purpose(of id: UInt64) -> Purpose? { awaited.first { $0.id == id }?.purpose }

    /// The request awaited in `slot`.
    public func awaited(in slot: Purpose.Slot) -> Entry? { awaited.first { $0.purpose.slot == slot } }

    public var isAwaitingAny: Bool { !awaited.isEmpty }

    /// An answer to `id` arrived: true when it was awaited (and no longer is), false when it is stale.
    public mutating func settle(_ id: UInt64) -> Bool { settle(id, if: { _ in true }) != nil }

    /// Settles `id` only when its purpose is one `accepts` takes; returns that purpose, or nil for a stale answer
    /// (or one of the wrong kind, which stays awaited).
    public mutating func settle(_ id: UInt64, if accepts: (Purpose) -> Bool) -> Purpose? {
        guard let index = awaited.firstIndex(where: { $0.id == id }), accepts(awaited[index].purpose) else {
            return nil
        }
        return awaited.remove(at: index).purpose
    }

    /// Stops waiting for the request of `slot`: its answer becomes stale.
    public mutating func abandon(_ slot: Purpose.Slot) {
        awaited.removeAll { $0.purpose.slot == slot }
    }

    /// Stops waiting for `id`.
    public mutating func abandon(id: UInt64) {
        awaited.removeAll { $0.id == id }
    }
}
