import Bus
import FolioModel

extension GatewayCall {
    /// Reads a body that holds one well-formed request by scanning it (``JSONScanner``): the envelope's
    /// members are parsed, they are small; the params' members are kept as bytes. Nil for anything else (a
    /// batch, invalid JSON, a request that earns an error): the parser reads those as before, so their
    /// answers do not change. A member given twice counts with its last value, as the parser reads it.
    static func scan(_ body: [UInt8], maxDepth: Int) -> GatewayCall? {
        guard let members = try? JSONScanner.members(of: body, maxDepth: maxDepth) else { return nil }
        var envelope: [String: JSONText] = [:]
        for member in members { envelope[member.name] = member.value }
        guard let version = envelope["jsonrpc"], (try? version.parsed()) == "2.0",
            case .string(let method)? = try? envelope["method"]?.parsed(maxDepth: maxDepth)
        else { return nil }
        var id: JSONRPCID?
        if let rawID = envelope["id"] {
            guard let value = try? rawID.parsed(maxDepth: maxDepth), let read = JSONRPCID(json: value) else {
                return nil
            }
            id = read
        }
        guard let rawParams = envelope["params"] else { return GatewayCall(method: method, id: id, params: .none) }
        if let named = rawParams.members() {
            var params: [String: JSONText] = [:]
            for member in named { params[member.name] = member.value }
            return GatewayCall(method: method, id: id, params: .named(params))
        }
        guard case .array(let values)? = try? rawParams.parsed(maxDepth: maxDepth) else { return nil }
        return GatewayCall(method: method, id: id, params: .positional(values))
    }
}
