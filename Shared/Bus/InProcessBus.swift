import FolioModel
import Synchronization

/// A bus inside one process with the behaviour of the NATS transport, for unit tests: queue groups pick
/// one member in turn, plain subscribers all get a copy, a request with no subscriber fails with
/// "no responders" at once. Subjects match exactly or with NATS wildcards (`*`, `>`).
public final class InProcessBus: BusTransport {
    private struct Entry: Sendable {
        let id: Int
        let subject: String
        let queueGroup: String?
        let deliverer: SerialDeliverer?
        let handler: BusHandler
    }

    private struct Registry {
        var entries: [Int: Entry] = [:]
        var nextID = 0
        var roundRobin: [String: Int] = [:]
    }

    private let registry = Mutex(Registry())

    public init() {}

    public func request(subject: String, payload: [UInt8], timeout: Duration) async throws(BusError) -> [UInt8] {
        let targets = pick(subject)
        guard let target = targets.first else { throw .noResponders(subject: subject) }
        let message = BusMessage(subject: subject, payload: payload, replyTo: "_INBOX.local")
        let reply: [UInt8]? = await withTaskGroup(of: [UInt8]?.self) { group in
            group.addTask { await Self.deliver(message, to: target) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let reply else { throw .timeout(subject: subject) }
        return reply
    }

    public func publish(subject: String, payload: [UInt8]) async throws(BusError) {
        for target in pick(subject) {
            _ = await Self.deliver(BusMessage(subject: subject, payload: payload), to: target)
        }
    }

    public func subscribe(subject: String, queueGroup: String?, delivery: BusDelivery, handler: @escaping BusHandler)
        async throws(BusError) -> any BusSubscription
    {
        let deliverer = delivery == .serial ? SerialDeliverer() : nil
        let id = registry.withLock { registry in
            registry.nextID += 1
            registry.entries[registry.nextID] = Entry(
                id: registry.nextID, subject: subject, queueGroup: queueGroup, deliverer: deliverer, handler: handler)
            return registry.nextID
        }
        return Subscription(bus: self, id: id)
    }

    private struct Subscription: BusSubscription {
        let bus: InProcessBus
        let id: Int
        func cancel() async { _ = bus.registry.withLock { $0.entries.removeValue(forKey: id) } }
    }

    private static func deliver(_ message: BusMessage, to entry: Entry) async -> [UInt8]? {
        if let deliverer = entry.deliverer { return await deliverer.deliver(message, handler: entry.handler).bytes }
        return await entry.handler(message).bytes
    }

    /// Every plain subscriber of the subject, plus one member of each queue group.
    private func pick(_ subject: String) -> [Entry] {
        registry.withLock { registry in
            let matching = registry.entries.values.filter { SubjectPattern.matches($0.subject, subject) }.sorted {
                $0.id < $1.id
            }
            var chosen = matching.filter { $0.queueGroup == nil }
            let groups = Dictionary(grouping: matching.filter { $0.queueGroup != nil }, by: { $0.queueGroup ?? "" })
            for (group, members) in groups.sorted(by: { $0.key < $1.key }) {
                let turn = registry.roundRobin[group, default: 0]
                registry.roundRobin[group] = turn + 1
                chosen.append(members[turn % members.count])
            }
            return chosen
        }
    }
}

/// Hands messages to a handler one at a time, in the order they arrived; a deferred reply does not hold
/// up the next message.
actor SerialDeliverer {
    private var tail: Task<Void, Never>?

    func deliver(_ message: BusMessage, handler: @escaping BusHandler) async -> BusReply {
        let previous = tail
        let task = Task<BusReply, Never> {
            await previous?.value
            return await handler(message)
        }
        tail = Task { _ = await task.value }
        return await task.value
    }
}

enum SubjectPattern {
    /// NATS subject matching: `*` matches one token, `>` the rest.
    static func matches(_ pattern: String, _ subject: String) -> Bool {
        let patternTokens = pattern.split(separator: ".", omittingEmptySubsequences: false)
        let subjectTokens = subject.split(separator: ".", omittingEmptySubsequences: false)
        for (index, token) in patternTokens.enumerated() {
            if token == ">" { return subjectTokens.count > index }
            guard index < subjectTokens.count else { return false }
            if token != "*" && token != subjectTokens[index] { return false }
        }
        return patternTokens.count == subjectTokens.count
    }
}
