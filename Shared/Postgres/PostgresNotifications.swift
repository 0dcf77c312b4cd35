/// One `NOTIFY` delivered to a listener.
public struct PostgresNotification: Sendable, Hashable {
    /// The channel it was sent on.
    public let channel: String
    /// The payload (empty when none was given).
    public let payload: String
    /// The process ID of the notifying server backend.
    public let processID: Int32

    public init(channel: String, payload: String, processID: Int32) {
        self.channel = channel
        self.payload = payload
        self.processID = processID
    }
}

/// The notifications of one `LISTEN`, from ``PostgresPool/listen(_:)``.
///
/// Listening stops when the consuming task is cancelled, ``cancel()`` is called, the pool is
/// closed, or the sequence and all its iterators are dropped; the sequence then ends.
/// Notifications are buffered without limit until consumed.
public struct PostgresNotifications: AsyncSequence, Sendable {
    public typealias Element = PostgresNotification

    let stream: AsyncStream<PostgresNotification>
    let subscription: Subscription

    /// Stops listening; the sequence ends after the notifications already received.
    public func cancel() { subscription.listener.stop() }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), subscription: subscription)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<PostgresNotification>.Iterator
        let subscription: Subscription

        public mutating func next() async -> PostgresNotification? { await base.next() }
    }

    /// Stops the listener when the last copy of the sequence or an iterator goes away.
    final class Subscription: Sendable {
        let listener: PostgresListener
        init(listener: PostgresListener) { self.listener = listener }
        deinit { listener.stop() }
    }
}
