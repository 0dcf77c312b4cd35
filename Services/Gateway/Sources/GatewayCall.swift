import Bus
import FolioModel

/// One call as the Gateway routes it. Params by name keep each member as the bytes the client sent, so a
/// member the Gateway does not change is forwarded as it came, without being parsed and written again.
struct GatewayCall: Sendable {
    enum Params: Sendable {
        case none
        case named([String: JSONText])
        case positional([JSONValue])
    }

    var method: String
    var id: JSONRPCID?
    var params: Params

    init(method: String, id: JSONRPCID?, params: Params) {
        self.method = method
        self.id = id
        self.params = params
    }

    /// A request the parser read (a batch's element, a frame's dispatch): its members are serialized.
    init(_ request: JSONRPCRequest) {
        let params: Params
        switch request.params {
        case .object(let members)?:
            params = .named(Dictionary(uniqueKeysWithValues: members.map { ($0.key, JSONText(serializing: $0.value)) }))
        case .array(let values)?: params = .positional(values)
        default: params = .none
        }
        self.init(method: request.method, id: request.id, params: params)
    }
}
