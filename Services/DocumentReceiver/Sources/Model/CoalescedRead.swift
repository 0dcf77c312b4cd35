import StoreKit

/// The one read of the vault a document store waits for at a time: a change that arrives while a read is under
/// way is read after it, once, however many arrived.
public struct CoalescedRead: Sendable, Codable, Equatable {
    public enum Purpose: RequestPurpose {
        case read

        public var slot: Purpose? { self }
    }

    public private(set) var requests: RequestLedger<Purpose>
    /// A change arrived while a read was under way.
    public private(set) var readAgain: Bool

    public init(requests: RequestLedger<Purpose> = .init(), readAgain: Bool = false) {
        self.requests = requests
        self.readAgain = readAgain
    }

    /// A read is wanted: the id of a new one, or nil while one is under way (the change is read after it).
    public mutating func request() -> UInt64? {
        guard !requests.isAwaitingAny else {
            readAgain = true
            return nil
        }
        return requests.request(.read)
    }

    /// A new read that replaces the one under way, whose answer becomes stale.
    public mutating func restart() -> UInt64 {
        readAgain = false
        return requests.request(.read)
    }

    /// An answer arrived: false when it is stale.
    public mutating func settle(_ id: UInt64) -> Bool { requests.settle(id) }

    /// After an answer: the read a change asked for meanwhile, if one did.
    public mutating func readAgainIfChanged() -> UInt64? {
        guard readAgain else { return nil }
        readAgain = false
        return request()
    }
}
