import Bus
import FolioModel
import WireModel

/// An event on the bus (docs/bus.md "Events"): one wire format that its producer writes and every consumer
/// reads, declared beside the method specs and listed in the OpenRPC document's `x-bus-events`.
public protocol BusEvent: Sendable, Equatable {
    /// What the event is called in docs and logs (`session.changed`).
    static var name: String { get }
    static var summary: String { get }
    /// The subject, or for a keyed event the subject's first tokens, before the key.
    static var subjectBase: String { get }
    /// What the last token of a keyed event's subject is (`runtimeId`); nil when the event has no key.
    static var keyName: String? { get }
    /// The payload's JSON Schema.
    static var schema: JSONSchema { get }

    /// The subject this event goes to.
    var subject: String { get }
    /// The payload in its wire shape.
    var payload: [UInt8] { get }
    /// Reads a payload that arrived on `subject`; a malformed one throws.
    init(payload: [UInt8], subject: String) throws(WireDecodingError)
}

extension BusEvent {
    /// The subject to subscribe to for the events about `key` (`*` for every key), or the event's subject
    /// when it has no key.
    public static func subject(key: String = "*") -> String {
        keyName == nil ? subjectBase : "\(subjectBase).\(key)"
    }

    /// `folio.events.session.<runtimeId>`.
    public static var subjectPattern: String { keyName.map { "\(subjectBase).<\($0)>" } ?? subjectBase }

    /// The last token of a keyed event's subject.
    static func key(of subject: String) -> String {
        subject.split(separator: ".").last.map(String.init) ?? ""
    }

    /// The description of the event for the OpenRPC document.
    public static var descriptor: JSONValue {
        ["name": .string(name), "summary": .string(summary), "subject": .string(subjectPattern), "schema": schema.json]
    }

    static func object(_ payload: [UInt8], fields: [String]) throws(WireDecodingError) -> WireObject {
        let json: JSONValue
        do {
            json = try JSONParser.parse(payload, maxDepth: 16)
        } catch {
            throw .wrongType(name, expected: "a JSON object")
        }
        return try WireObject(json, path: name, fields: fields)
    }
}

/// Every event of the bus, for the docs and the OpenRPC document.
public enum BusEvents {
    public static let all: [any BusEvent.Type] = [
        RuntimeShutDown.self, RuntimeLocaleChanged.self, RuntimeCameToForeground.self, SessionChanged.self,
        VaultChanged.self, VaultSynced.self, IssuanceOffered.self, DocumentReceptionChanged.self,
    ]
}

extension BusTransport {
    /// Publishes `event` on its subject.
    public func publish(_ event: some BusEvent) async throws(BusError) {
        try await publish(subject: event.subject, payload: event.payload)
    }

    /// Follows the events of one type about `key` (every key with `*`); a payload that is not the event's wire
    /// format reaches `malformed` and never the handler.
    public func subscribe<Event: BusEvent>(
        _ type: Event.Type, key: String = "*", queueGroup: String? = nil, delivery: BusDelivery,
        malformed: @escaping @Sendable (WireDecodingError) -> Void = { _ in },
        _ handler: @escaping @Sendable (Event) async -> Void
    ) async throws(BusError) -> any BusSubscription {
        try await subscribe(subject: Event.subject(key: key), queueGroup: queueGroup, delivery: delivery) { message in
            let event: Event
            do throws(WireDecodingError) {
                event = try Event(payload: message.payload, subject: message.subject)
            } catch {
                malformed(error)
                return .now(nil)
            }
            await handler(event)
            return .now(nil)
        }
    }
}
