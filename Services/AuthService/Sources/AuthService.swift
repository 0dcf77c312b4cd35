import Bus
import FolioAPI
import FolioClient
import FolioModel
import Foundation
import Postgres
import ServiceKit

/// The AuthService: runtimes and their tokens (and, as the issues go on, sessions and the AuthStore).
public enum AuthService {
    public static let name = "auth"

    public static func definition() throws -> ServiceDefinition {
        guard let directory = Bundle.module.url(forResource: "Migrations", withExtension: nil) else {
            throw MissingResource(name: "AuthService/Migrations")
        }
        return ServiceDefinition(
            name: name, migrations: try Migration.load(directory: directory),
            stores: { context in
                let folio = context.folio
                return [
                    context.hosting(SessionStore.self, .live(context, folio: folio)),
                    context.hosting(AuthStore.self, .live(context, folio: folio)),
                ]
            },
            methods: { context in methods(context) },
            background: { context in [SessionExpiryWatcher.start(context, folio: context.folio)] })
    }

    static func methods(_ context: ServiceContext) -> [RPCMethod] {
        let runtimes = RuntimeDirectory(database: context.database)
        let organizations = OrganizationCheck(folio: context.folio)
        return [
            ServiceHealth.method(HealthMethods.auth, context: context),
            RuntimeMethods.create.handled { call in
                let request = try RuntimeRequestParser.parse(call)
                switch await organizations.answer(for: request.organizationID) {
                case .known:
                    break
                case .unknown:
                    throw JSONRPCError.invalidParams("organizationId \(request.organizationID) names no organization")
                case .unreachable(let reason):
                    // Every later call to Folio checks the organization again; a runtime is not refused for it.
                    context.logger.warning(
                        "organization not checked: Folio could not be asked; runtime created anyway",
                        ["organizationId": request.organizationID, "reason": reason])
                }
                let created = try await runtimes.create(request)
                context.logger.info("runtime created", ["runtimeId": created.runtimeID])
                return [
                    "runtimeId": .string(created.runtimeID), "token": .string(created.token),
                    "deviceCredential": .string(created.deviceCredential),
                ]
            },
            RuntimeMethods.verifyToken.handled { call in
                try await runtimes.verify(token: try call.string("token"))
            },
            RuntimeMethods.setLocale.handled { call in
                let runtimeID = try call.string("runtimeId")
                guard let locale = LocaleTag(try call.string("locale")) else {
                    throw JSONRPCError.invalidParams("locale must be a BCP 47 language tag")
                }
                guard try await runtimes.setLocale(runtimeID: runtimeID, locale: locale) else {
                    throw JSONRPCError.folio(.runtimeShutDown)
                }
                try await context.transport.publish(RuntimeLocaleChanged(runtimeID: runtimeID, locale: locale))
                return .null
            },
            RuntimeMethods.foreground.handled { call in
                let runtimeID = try call.string("runtimeId")
                try await context.transport.publish(RuntimeCameToForeground(runtimeID: runtimeID))
                return .null
            },
            RuntimeMethods.shutdown.handled { call in
                let runtimeID = try call.string("runtimeId")
                if try await runtimes.shutDown(runtimeID: runtimeID) {
                    try await context.transport.publish(RuntimeShutDown(runtimeID: runtimeID))
                    context.logger.info("runtime shut down", ["runtimeId": runtimeID])
                }
                return .null
            },
        ]
    }
}

/// Validates the params of `runtime.create`.
enum RuntimeRequestParser {
    static let maxOrganizationIDLength = 128

    static func parse(_ call: RPCCall) throws(JSONRPCError) -> RuntimeDirectory.Request {
        let organizationID = try call.string("organizationId")
        guard !organizationID.isEmpty, organizationID.utf8.count <= maxOrganizationIDLength,
            organizationID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { throw .invalidParams("organizationId must be 1-\(maxOrganizationIDLength) letters, digits, - or _") }
        var locale: LocaleTag?
        if let text = try call.optionalString("locale") {
            guard let tag = LocaleTag(text) else { throw .invalidParams("locale must be a BCP 47 language tag") }
            locale = tag
        }
        return RuntimeDirectory.Request(
            organizationID: organizationID, locale: locale, capabilities: try capabilities(call.value("capabilities")),
            deviceCredential: try call.optionalString("deviceCredential"))
    }

    static let maxPlatformLength = 32

    /// `{webAuthn?: boolean, platform?: string, deviceLocale?: string}`; `platform` is the device's operating
    /// system as Folio spells it (`WEB`, `IOS`, `ANDROID`, or another upper-case name), `WEB` when left out;
    /// `deviceLocale` a BCP 47 tag.
    static func capabilities(_ value: JSONValue?) throws(JSONRPCError) -> JSONValue {
        guard let value else { return [:] }
        guard case .object(let members) = value else { throw .invalidParams("capabilities must be an object") }
        if let unknown = members.keys.first(where: { !["webAuthn", "platform", "deviceLocale"].contains($0) }) {
            throw .invalidParams("capabilities has no member \(unknown); it has webAuthn, platform and deviceLocale")
        }
        if let locale = members["deviceLocale"], locale.stringValue.flatMap(LocaleTag.init) == nil {
            throw .invalidParams("capabilities.deviceLocale must be a BCP 47 language tag such as en-US")
        }
        guard members["webAuthn"].map({ $0.boolValue != nil }) ?? true else {
            throw .invalidParams("capabilities.webAuthn must be a boolean")
        }
        if let platform = members["platform"] {
            guard let text = platform.stringValue, !text.isEmpty, text.utf8.count <= maxPlatformLength,
                text.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") })
            else {
                throw .invalidParams(
                    "capabilities.platform must be 1-\(maxPlatformLength) of A-Z 0-9 _ (WEB, IOS, ANDROID...)")
            }
        }
        return value
    }
}
