import Bus
import FolioModel

/// The JSON-RPC surface that thin clients see through the Gateway. Services answer these specs with
/// handlers, the Gateway routes and authorizes with them, and the OpenRPC document is generated from them.
public enum FolioAPI {
    public static let version = "0.1.0"

    /// Which bus service answers each method namespace (`inquiry.mount` → `inquiry`).
    public static let serviceForNamespace: [String: String] = [
        "runtime": "auth",
        "session": "auth",
        "auth": "auth",
        "inquiry": "inquiry",
        "vault": "vault",
        "attachment": "vault",
        "documents": "documents",
        "example": "example",
    ]

    /// Methods a client may call without a runtime token.
    public static let publicMethods: Set<String> = [
        RuntimeMethods.create.name, HealthMethods.inquiry.name, HealthMethods.auth.name,
        HealthMethods.vault.name, HealthMethods.documents.name, ExampleStoreMethods.ping.name,
    ]

    /// The contracts of the stores FolioAPI itself describes (the example store); the services' stores add theirs
    /// (FolioContract).
    public static var stores: [String: StoreContract] { [ExampleStoreMethods.mount.name: ExampleStoreMethods.contract] }

    /// Every method of the public surface.
    public static var methods: [RPCMethodSpec] {
        RuntimeMethods.all + StoreMethods.all + HealthMethods.all + AuthStoreMethods.all + SessionStoreMethods.all
            + VaultStoreMethods.all + InquiryStoreMethods.all + AttachmentMethods.all + DocumentStoreMethods.all
            + ExampleStoreMethods.all
    }

    public static func namespace(of method: String) -> String? {
        guard let dot = method.firstIndex(of: ".") else { return nil }
        return String(method[..<dot])
    }
}

/// Runtimes: the hosted `FolioSdk` of one thin-client device connection.
public enum RuntimeMethods {
    public static let create = RPCMethodSpec(
        "runtime.create",
        summary: "Creates a runtime for one client device connection and returns its bearer token.",
        params: [
            RPCParam(
                "organizationId", .string,
                summary: "The organization the runtime works for; one Folio does not know is -32602."),
            RPCParam(
                "locale", .ref("LocaleTag"), required: false,
                summary: "The SDK locale, a BCP 47 tag; English when absent."),
            RPCParam("capabilities", .ref("ClientCapabilities"), required: false, summary: "What the client can do."),
            RPCParam("deviceCredential", .string, required: false, summary: "The credential of a returning device."),
        ],
        result: RPCResultDescriptor("runtime", .ref("CreatedRuntime")),
        errors: [.invalidParams("organizationId")])

    public static let shutdown = RPCMethodSpec(
        "runtime.shutdown",
        summary:
            "Shuts the calling runtime down: its stores close and its token stops working. Sent again with the same"
            + " token (its answer was lost), it answers null again.",
        result: RPCResultDescriptor("none", .null))

    /// Internal: the Gateway asks the AuthService who a bearer token belongs to.
    public static let verifyToken = RPCMethodSpec(
        "runtime.verifyToken",
        summary: "Internal (bus only): the runtime a bearer token belongs to, or null.",
        params: [RPCParam("token", .string)],
        result: RPCResultDescriptor("runtime", .nullable(.ref("RuntimeIdentity"))))

    public static let setLocale = RPCMethodSpec(
        "runtime.setLocale",
        summary: "Sets the SDK locale of the calling runtime; texts the SDK chooses follow it from the next model on.",
        params: [RPCParam("locale", .ref("LocaleTag"), summary: "A BCP 47 language tag.")],
        result: RPCResultDescriptor("none", .null),
        errors: [.invalidParams("locale")])

    public static let foreground = RPCMethodSpec(
        "runtime.foreground",
        summary:
            "Tells the runtime that the client came to the foreground (the vault pushes, and fetches at most once a minute).",
        result: RPCResultDescriptor("none", .null))

    public static let all = [create, shutdown, setLocale, foreground]
}

/// The members every store shares (DESIGN §3), addressed by store id.
public enum StoreMethods {
    static let storeID = RPCParam("storeId", .ref("StoreId"), summary: "The id that mount returned.")

    public static let dispatch = RPCMethodSpec(
        "store.dispatch",
        summary:
            "Validates and enqueues an action; returns once it is accepted, not once it is done. An action that skips"
            + " the queue is accepted once applied and its snapshot stored (at most 3 s while that cannot be written).",
        params: [
            storeID, RPCParam("action", .any, summary: "The store's action in its wire shape."),
            RPCParam(
                "dispatchId", .string, required: false,
                summary:
                    "The client's key of this action (1-128 bytes), the same when it sends the action again after a"
                    + " lost answer: an action whose key the store knows among its last 8 is not applied again."),
        ],
        result: RPCResultDescriptor("none", .null),
        errors: [.folio(.storeClosed), .folio(.runtimeShutDown), .folio(.unknownStore)])

    public static let state = RPCMethodSpec(
        "store.state",
        summary: "The current UI model with its version.",
        params: [storeID],
        result: RPCResultDescriptor("state", .ref("VersionedModel")),
        errors: [.folio(.storeClosed), .folio(.runtimeShutDown), .folio(.unknownStore)])

    public static let next = RPCMethodSpec(
        "store.next",
        summary:
            "The current model if its version is newer than afterVersion, else the next change; null once the store is closed or the runtime has shut down. After timeoutMs without a change it returns the current model again. A client that holds afterVersion gets the JSON Patch from it (ModelDelta) while the store keeps it (its last 4 changes), else the whole model; with delta false, always the whole model.",
        params: [
            storeID,
            RPCParam("afterVersion", .integer, required: false, summary: "The version the client already has."),
            RPCParam("timeoutMs", .integer, required: false, summary: "How long to wait, 0–30000 ms (default 25000)."),
            RPCParam(
                "delta", JSONSchema(["type": "boolean", "default": true]), required: false,
                summary: "Answer a ModelDelta from afterVersion while the store keeps it (default true); false: whole."),
        ],
        result: RPCResultDescriptor("state", .nullable(.anyOf([.ref("VersionedModel"), .ref("ModelDelta")]))),
        errors: [.folio(.unknownStore)],
        execution: .detached)

    public static let close = RPCMethodSpec(
        "store.close",
        summary: "Closes (unmounts) the store; later dispatches throw StoreClosed and next returns null.",
        params: [storeID],
        result: RPCResultDescriptor("none", .null),
        errors: [.folio(.unknownStore)])

    public static let all = [dispatch, state, next, close]

    /// Internal: the Gateway asks a service's queue group to adopt a store whose worker is gone ("no
    /// responders" on its subject). One worker rebuilds it from its snapshot and answers for it again.
    public static let adopt = RPCMethodSpec(
        "store.adopt",
        summary: "Internal (bus only): rebuild a store from its snapshot on this worker.",
        params: [storeID],
        result: RPCResultDescriptor("adopted", .object(["adopted": .boolean], required: ["adopted"])),
        errors: [.folio(.unknownStore)])

    /// The longest and default wait of `store.next`.
    public static let maxNextTimeoutMs: Int64 = 30_000
    public static let defaultNextTimeoutMs: Int64 = 25_000
}

/// One health method per service; each reaches the service's PostgreSQL.
public enum HealthMethods {
    static func health(_ service: String) -> RPCMethodSpec {
        RPCMethodSpec(
            "\(service).health",
            summary: "Whether the \(service) service is up and reaches PostgreSQL.",
            result: RPCResultDescriptor("health", .ref("ServiceHealth")),
            errors: [.folio(.serviceUnavailable), .folio(.databaseUnavailable)])
    }

    public static let inquiry = health("inquiry")
    public static let auth = health("auth")
    public static let vault = health("vault")
    public static let documents = health("documents")

    public static let all = [inquiry, auth, vault, documents]
}

/// AuthStore: the authentication ceremony (sign-in, recovery, verification).
public enum AuthStoreMethods {
    public static let mount = RPCMethodSpec(
        "auth.mount",
        summary:
            "Mounts AuthStore on the calling runtime. Model AuthUiModel {flow, dataRegions, dataRegion}; actions per docs/auth-store.md.",
        result: RPCResultDescriptor("store", .ref("MountedStore")))

    public static let all = [mount]
}

/// InquiryStore: one identity verification of one person, on the inquiry workers.
public enum InquiryStoreMethods {
    public static let mount = RPCMethodSpec(
        "inquiry.mount",
        summary:
            "Mounts InquiryStore on the calling runtime. Model InquiryUiModel {inquiry?, chrome, loading, error?, failure?, lifecycle, identity?}; actions per docs/inquiry-store.md.",
        params: [
            RPCParam(
                "timeZone", .string, required: false,
                summary: "The device's IANA time zone, for today's date in date fields that name none (default UTC).")
        ],
        result: RPCResultDescriptor("store", .ref("MountedStore")))

    public static let all = [mount]
}

/// VaultStore: the encrypted record store of the account the runtime's session holds.
public enum VaultStoreMethods {
    public static let mount = RPCMethodSpec(
        "vault.mount",
        summary:
            "Mounts VaultStore on the calling runtime. Model VaultUiModel {records, folders, busy, error?, sync, sharing}; actions per docs/vault-store.md.",
        result: RPCResultDescriptor("store", .ref("MountedStore")))

    public static let all = [mount]
}

/// The two stores of issued documents (spec `folio-documents.md`), hosted by the DocumentReceiver.
public enum DocumentStoreMethods {
    public static let mountList = RPCMethodSpec(
        "documents.mountList",
        summary:
            "Mounts FolioDocumentListStore on the calling runtime. Model FolioDocumentListUiModel {items, reception}; actions REFRESH, RETRY, ACKNOWLEDGE (docs/documents.md).",
        result: RPCResultDescriptor("store", .ref("MountedStore")))

    public static let mount = RPCMethodSpec(
        "documents.mount",
        summary:
            "Mounts FolioDocumentStore for one document of the calling runtime's vault. Model FolioDocumentUiModel {phase, document?, error?}; action REFRESH (docs/documents.md).",
        params: [RPCParam("id", .string, summary: "FolioDocumentInit.id: the id of a FolioDocument.")],
        result: RPCResultDescriptor("store", .ref("MountedStore")),
        errors: [.invalidParams("id")])

    public static let all = [mountList, mount]
}

/// Attachments of the vault: encrypted bytes beside their record (identity artifacts, photos of issued
/// documents), read for the session that holds them.
public enum AttachmentMethods {
    public static let getBytes = RPCMethodSpec(
        "attachment.getBytes",
        summary:
            "The bytes of an attachment of the vault the calling runtime's session holds, opened: {attachmentId, mediaType, bytes (base64)}.",
        params: [
            RPCParam(
                "attachmentId", .string,
                summary:
                    "The attachment's id (AT_...), or the docphoto. reference of an issued document's photo (valid for the session that listed it)."
            )
        ],
        result: RPCResultDescriptor("attachment", .ref("AttachmentBytes")),
        errors: [.invalidParams("attachmentId")])

    public static let all = [getBytes]
}

/// SessionStore: the runtime's identity (a guest or an account) and its status.
public enum SessionStoreMethods {
    public static let mount = RPCMethodSpec(
        "session.mount",
        summary:
            "Mounts SessionStore on the calling runtime. Model SessionUiModel {identity, status}; action SIGN_OUT.",
        result: RPCResultDescriptor("store", .ref("MountedStore")))

    public static let all = [mount]
}

/// The store kit's example counter store (`example.mount`), hosted by test processes that serve it.
public enum ExampleStoreMethods {
    public static let mount = RPCMethodSpec(
        "example.mount",
        summary: "Mounts the store kit's example counter store on the calling runtime (served by test processes).",
        params: [RPCParam("initialCount", .integer, required: false, summary: "The starting count (default 0).")],
        result: RPCResultDescriptor("store", .ref("MountedStore")))

    /// A no-op round trip through the Gateway and the bus (the gateway benchmark measures it).
    public static let ping = RPCMethodSpec(
        "example.ping",
        summary: "Answers \"pong\" from whichever process serves the example namespace (tests, benchmarks).",
        result: RPCResultDescriptor("pong", .string))

    public static let all = [mount, ping]
}
