import FolioModel

extension JSONRPCRequest {
    /// The bytes of a request whose params are members kept as bytes: the same bytes as ``json`` serialized
    /// when each member is what its value serializes to (members in key order, no blanks).
    public static func payload(method: String, params: [String: JSONText], id: JSONRPCID?) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(params.values.reduce(64 + method.utf8.count) { $0 + $1.bytes.count + 24 })
        writeHead(method: method, id: id, to: &output)
        output.append(contentsOf: #","params":{"#.utf8)
        for (offset, name) in params.keys.sorted().enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            JSONValue.string(name).write(to: &output)
            output.append(UInt8(ascii: ":"))
            params[name]?.write(to: &output)
        }
        output.append(contentsOf: "}}".utf8)
        return output
    }

    /// A request's bytes up to its params: the opening brace, the id (when it has one), the version and the
    /// method, in key order.
    static func writeHead(method: String, id: JSONRPCID?, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        if let id {
            output.append(contentsOf: #""id":"#.utf8)
            id.json.write(to: &output)
            output.append(UInt8(ascii: ","))
        }
        output.append(contentsOf: #""jsonrpc":"2.0","method":"#.utf8)
        JSONValue.string(method).write(to: &output)
    }
}
