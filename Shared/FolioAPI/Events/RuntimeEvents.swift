import Bus
import FolioModel
import WireModel

/// An event about a runtime that says nothing but which runtime it is about: `{"runtimeId"}`.
public protocol RuntimeNamingEvent: BusEvent {
    var runtimeID: String { get }
    init(runtimeID: String)
}

extension RuntimeNamingEvent {
    public static var keyName: String? { nil }
    public static var schema: JSONSchema { .object(["runtimeId": .string], required: ["runtimeId"]) }
    public var subject: String { Self.subject() }
    public var payload: [UInt8] { (["runtimeId": .string(runtimeID)] as JSONValue).serialized() }

    public init(payload: [UInt8], subject: String) throws(WireDecodingError) {
        self.init(runtimeID: try Self.object(payload, fields: ["runtimeId"]).string("runtimeId", .identifier))
    }
}

/// Published by the AuthService when a runtime shuts down: the Gateway drops its tokens and every service
/// closes the runtime's stores.
public struct RuntimeShutDown: RuntimeNamingEvent {
    public static let name = "runtime.shutdown"
    public static let summary = "A runtime shut down: its tokens stop working and its stores close."
    public static let subjectBase = BusSubjects.runtimeShutdown

    public var runtimeID: String

    public init(runtimeID: String) { self.runtimeID = runtimeID }
}

/// Published by the AuthService after `runtime.setLocale`: texts the SDK chooses follow the new locale.
public struct RuntimeLocaleChanged: BusEvent {
    public static let name = "runtime.locale"
    public static let summary = "A runtime's SDK locale changed."
    public static let subjectBase = BusSubjects.runtimeLocale
    public static let keyName: String? = nil
    public static let schema = JSONSchema.object(
        ["runtimeId": .string, "locale": .ref("LocaleTag")], required: ["runtimeId", "locale"])

    public var runtimeID: String
    public var locale: LocaleTag

    public init(runtimeID: String, locale: LocaleTag) {
        self.runtimeID = runtimeID
        self.locale = locale
    }

    public var subject: String { Self.subject() }
    public var payload: [UInt8] {
        (["runtimeId": .string(runtimeID), "locale": .string(locale.rawValue)] as JSONValue).serialized()
    }

    public init(payload: [UInt8], subject: String) throws(WireDecodingError) {
        let object = try Self.object(payload, fields: ["runtimeId", "locale"])
        runtimeID = try object.string("runtimeId", .identifier)
        let text = try object.string("locale", .identifier)
        guard let locale = LocaleTag(text) else {
            throw .wrongType(object.path("locale"), expected: "a BCP 47 language tag")
        }
        self.locale = locale
    }
}

/// Published by the AuthService after `runtime.foreground`: the runtime's VaultStores push, and fetch at most
/// once a minute.
public struct RuntimeCameToForeground: RuntimeNamingEvent {
    public static let name = "runtime.foreground"
    public static let summary = "A runtime's client came to the foreground."
    public static let subjectBase = BusSubjects.runtimeForeground

    public var runtimeID: String

    public init(runtimeID: String) { self.runtimeID = runtimeID }
}
