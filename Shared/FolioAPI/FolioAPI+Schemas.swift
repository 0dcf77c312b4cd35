import Bus
import FolioModel

extension FolioAPI {
    /// The shared wire types, referenced from method specs as `#/components/schemas/<name>`.
    public static let schemas: [String: JSONSchema] = [
        "StoreId": JSONSchema([
            "type": "string", "pattern": "^[a-z]{3}_[a-z2-7]{26}$",
            "description": "An unguessable store id whose prefix names its service (inq, ath, vlt, doc, exm).",
        ]),
        "LocaleTag": JSONSchema(["type": "string", "description": "A BCP 47 language tag such as en or de-CH."]),
        "VersionedModel": versionedModel(JSONSchema.any.described("The store's UI model in its wire shape.")),
        "ModelDelta": .object(
            [
                "version": JSONSchema.integer.described("The version of the model the patch leads to."),
                "baseVersion": JSONSchema.integer.described("The version the client holds, which the patch applies to."),
                "patch": .array(.ref("JSONPatchOperation")),
            ],
            required: ["version", "baseVersion", "patch"],
            description: "The JSON Patch (RFC 6902) from the model of baseVersion to that of version; empty when "
                + "nothing changed."),
        "JSONPatchOperation": .object(
            [
                "op": .enumeration(["add", "remove", "replace", "move", "copy", "test"]),
                "path": JSONSchema.string.described("A JSON Pointer (RFC 6901)."),
                "from": JSONSchema.string.described("move and copy: the JSON Pointer of the value moved or copied."),
                "value": JSONSchema.any.described("add, replace and test: the value."),
            ],
            required: ["op", "path"], description: "One operation of a JSON Patch (RFC 6902)."),
        "MountedStore": .object(["storeId": .ref("StoreId")], required: ["storeId"]),
        "TaggedValue": .object(
            [
                "type": JSONSchema.string.described("SCREAMING_SNAKE case name."),
                "value": JSONSchema.any.described("The case's fields, absent for a case without fields."),
            ],
            required: ["type"], description: "An enum with payloads: {type, value}."),
        "AttachmentBytes": .object(
            ["attachmentId": .string, "mediaType": .string, "bytes": .string],
            required: ["attachmentId", "mediaType", "bytes"],
            description: "An attachment's bytes, base64 (RFC 4648), and its media type."),
        "ClientCapabilities": .object(
            ["webAuthn": .boolean, "platform": .string, "deviceLocale": .ref("LocaleTag")],
            description: "What the thin client can do (webAuthn: it can show the passkey dialog), the device's "
                + "operating system as Folio spells it (WEB by default, IOS, ANDROID...) and the device locale, "
                + "whose region orders the days of documents when the SDK locale names none."),
        "CreatedRuntime": .object(
            [
                "runtimeId": .string, "token": JSONSchema.string.described("Bearer token for every later call."),
                "deviceCredential": JSONSchema.string.described("Present it again to be the same device."),
            ],
            required: ["runtimeId", "token", "deviceCredential"]),
        "RuntimeIdentity": .object(
            [
                "runtimeId": .string, "organizationId": .string, "deviceId": .string,
                "shutDown": JSONSchema.boolean.described("Present and true when the runtime has shut down."),
            ],
            required: ["runtimeId", "organizationId", "deviceId"]),
        "ServiceHealth": .object(
            [
                "service": .string, "database": .enumeration(["ok"]),
                "worker": JSONSchema.string.described("Which process answered."),
            ],
            required: ["service", "database", "worker"]),
        "ErrorData": .object(
            [
                "type": JSONSchema.string.described("SCREAMING_SNAKE error name, e.g. STORE_CLOSED."),
                "value": .object(["detail": .string]),
            ],
            required: ["type"], description: "The data of every server error (-32000...-32099)."),
    ]
}

extension FolioAPI {
    /// `{version, model}` as `store.state`, `store.next` and `/events` answer it, with `model` as given.
    static func versionedModel(_ model: JSONSchema) -> JSONSchema {
        .object(
            [
                "version": JSONSchema.integer.described("Starts at 0 and grows by one with every change of the model."),
                "model": model,
            ],
            required: ["version", "model"])
    }
}
