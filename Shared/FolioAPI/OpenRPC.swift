import Bus
import FolioModel

/// The OpenRPC 1.2.6 document of the public surface, generated from the same method specs and component
/// schemas that the services and the Gateway use, so the document cannot drift from the code.
public enum OpenRPC {
    /// The OpenRPC specification version the document follows.
    public static let specificationVersion = "1.2.6"

    /// `rpc.discover`: answered by the Gateway itself with this document (no token needed).
    public static let discover = RPCMethodSpec(
        "rpc.discover",
        summary: "Returns this OpenRPC document (also served as GET /openrpc.json).",
        result: RPCResultDescriptor(
            "openrpcDocument",
            JSONSchema.object(
                ["openrpc": .string, "info": JSONSchema.object([:]), "methods": .array(.any)],
                required: ["openrpc", "info", "methods"], description: "An OpenRPC 1.2.6 document.")))

    /// Errors that any method forwarded over the bus may answer, whatever its own spec lists.
    static let busErrors: [JSONRPCError] = [.folio(.serviceUnavailable), .folio(.busTimeout)]

    /// Builds the document.
    ///
    /// - Parameters:
    ///   - methods: the method specs to publish; `rpc.discover` is added when missing.
    ///   - schemas: the component schemas that `$ref`s point at (`#/components/schemas/<name>`).
    ///   - publicMethods: methods callable without a bearer token; every other forwarded method also lists
    ///     the `UNAUTHORIZED` error.
    ///   - events: the bus events listed under `x-bus-events`.
    ///   - stores: the contract of each store by the name of its mount method. Each mount method names its
    ///     model and action schemas under `x-store`; `store.dispatch`'s action and `VersionedModel.model` accept
    ///     any store's.
    public static func document(
        methods: [RPCMethodSpec] = FolioAPI.methods, schemas: [String: JSONSchema] = FolioAPI.schemas,
        publicMethods: Set<String> = FolioAPI.publicMethods, events: [any BusEvent.Type] = BusEvents.all,
        stores: [String: StoreContract] = FolioAPI.stores
    ) -> JSONValue {
        let methods = stores.isEmpty ? methods : methods.map { storeAware($0, stores: stores) }
        var published = methods.map { method(for: $0, isPublic: publicMethods.contains($0.name), viaBus: true) }
        for (index, spec) in methods.enumerated() {
            guard let store = stores[spec.name], case .object(var members) = published[index] else { continue }
            members["x-store"] = [
                "model": JSONSchema.ref(store.modelName).json, "action": JSONSchema.ref(store.actionName).json,
            ]
            published[index] = .object(members)
        }
        if !methods.contains(where: { $0.name == discover.name }) {
            published.append(method(for: discover, isPublic: true, viaBus: false))
        }
        return [
            "openrpc": .string(specificationVersion),
            "info": [
                "title": "FolioHost",
                "version": .string(FolioAPI.version),
                "description":
                    "JSON-RPC 2.0 over POST /rpc on the Gateway. Every method but the public ones needs Authorization: Bearer <token> (the token that runtime.create returned).",
            ],
            "servers": [["name": "gateway", "url": "/rpc"]],
            "methods": .array(published),
            "components": ["schemas": .object(components(schemas, stores: stores).mapValues(\.json))],
            // The events services publish to each other on the bus (docs/bus.md "Events"); clients never see them.
            "x-bus-events": .array(events.map { $0.descriptor }),
        ]
    }

    /// The shared schemas with every store's; with stores, `VersionedModel.model` is any store's model.
    static func components(_ schemas: [String: JSONSchema], stores: [String: StoreContract]) -> [String: JSONSchema] {
        guard !stores.isEmpty else { return schemas }
        var all = schemas
        for contract in stores.values { all.merge(contract.schemas) { shared, _ in shared } }
        let models = Set(stores.values.map(\.modelName)).sorted()
        all["VersionedModel"] = FolioAPI.versionedModel(
            JSONSchema.anyOf(models.map { .ref($0) }).described(
                "The store's UI model in its wire shape: the model its mount method names under x-store."))
        return all
    }

    /// `store.dispatch` takes any store's action.
    private static func storeAware(_ spec: RPCMethodSpec, stores: [String: StoreContract]) -> RPCMethodSpec {
        guard spec.name == StoreMethods.dispatch.name else { return spec }
        var spec = spec
        let actions = Set(stores.values.map(\.actionName)).sorted()
        spec.params = spec.params.map { param in
            guard param.name == "action" else { return param }
            var param = param
            param.schema = JSONSchema.anyOf(actions.map { .ref($0) })
            return param
        }
        return spec
    }

    /// Every `$ref` string that occurs anywhere in `value`.
    public static func references(in value: JSONValue) -> Set<String> {
        var found: Set<String> = []
        collectReferences(in: value, into: &found)
        return found
    }

    private static func collectReferences(in value: JSONValue, into found: inout Set<String>) {
        switch value {
        case .object(let members):
            for (key, member) in members {
                if key == "$ref", let target = member.stringValue { found.insert(target) }
                collectReferences(in: member, into: &found)
            }
        case .array(let elements):
            for element in elements { collectReferences(in: element, into: &found) }
        default:
            break
        }
    }

    private static func method(for spec: RPCMethodSpec, isPublic: Bool, viaBus: Bool) -> JSONValue {
        var errors = spec.errors
        if viaBus {
            if !isPublic { errors.append(.folio(.unauthorized)) }
            errors += busErrors
        }
        var seenCodes: Set<Int> = []
        let uniqueErrors = errors.filter { seenCodes.insert($0.code).inserted }
        return [
            "name": .string(spec.name),
            "summary": .string(spec.summary),
            "description": .string(
                isPublic
                    ? "Public: callable without a token."
                    : "Needs Authorization: Bearer <token>; the Gateway passes the caller's runtimeId to the service."),
            "paramStructure": "either",
            "params": .array(spec.params.map(contentDescriptor)),
            "result": ["name": .string(spec.result.name), "schema": spec.result.schema.json],
            "errors": .array(uniqueErrors.map { $0.json }),
        ]
    }

    private static func contentDescriptor(_ param: RPCParam) -> JSONValue {
        var members: JSONObject = [
            "name": .string(param.name),
            "required": .bool(param.required),
            "schema": param.variadic ? JSONSchema.array(param.schema).json : param.schema.json,
        ]
        if !param.summary.isEmpty { members["description"] = .string(param.summary) }
        return .object(members)
    }
}
