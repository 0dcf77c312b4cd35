import FolioModel

/// Why the bytes a service answered are not the JSON-RPC response to the request sent.
public struct JSONRPCReplyError: Error, Sendable, Hashable, CustomStringConvertible {
    public let reason: String

    public var description: String { "malformed JSON-RPC reply: \(reason)" }
}

extension JSONRPCReply {
    /// Checks the envelope of a reply to the request with id `expected`: one JSON object (the whole reply
    /// is checked to be valid JSON), `jsonrpc` "2.0", the id sent (or null, which a server answers when it
    /// could not read the id, on an error), and exactly one of `result` and `error`. The result is kept
    /// as its bytes; an error is parsed.
    public static func scan(_ reply: [UInt8], expecting expected: JSONRPCID, maxDepth: Int = 512)
        throws(JSONRPCReplyError) -> JSONRPCReply
    {
        let members: [JSONMember]
        do throws(JSONParseError) {
            members = try JSONScanner.members(of: reply, maxDepth: maxDepth)
        } catch {
            throw JSONRPCReplyError(reason: error.description)
        }
        var version: JSONText?
        var rawID: JSONText?
        var result: JSONText?
        var rawError: JSONText?
        for member in members {
            switch member.name {
            case "jsonrpc": try keep(member, in: &version)
            case "id": try keep(member, in: &rawID)
            case "result": try keep(member, in: &result)
            case "error": try keep(member, in: &rawError)
            default: break
            }
        }
        guard let version, version.bytes.elementsEqual(#""2.0""#.utf8) || (try? version.parsed()) == "2.0" else {
            throw JSONRPCReplyError(reason: #"jsonrpc is not "2.0""#)
        }
        guard let rawID, let idValue = try? rawID.parsed(), let id = JSONRPCID(json: idValue) else {
            throw JSONRPCReplyError(reason: "no id, or an id that is not a string, number or null")
        }
        switch (result, rawError) {
        case (let result?, nil):
            try check(id, expected: expected)
            return JSONRPCReply(id: expected, outcome: .success(result))
        case (nil, let rawError?):
            guard let errorValue = try? rawError.parsed(maxDepth: maxDepth), let error = JSONRPCError(json: errorValue)
            else {
                throw JSONRPCReplyError(reason: "error is not an object with a code and a message")
            }
            if id != .null { try check(id, expected: expected) }
            return JSONRPCReply(id: expected, error: error)
        case (nil, nil):
            throw JSONRPCReplyError(reason: "neither result nor error")
        case (.some, .some):
            throw JSONRPCReplyError(reason: "both result and error")
        }
    }

    private static func keep(_ member: JSONMember, in slot: inout JSONText?) throws(JSONRPCReplyError) {
        guard slot == nil else { throw JSONRPCReplyError(reason: "\(member.name) given twice") }
        slot = member.value
    }

    /// Ids are compared as they serialize, so a number that a service reads and writes again (`1.0` as `1`)
    /// is still the id sent.
    private static func check(_ id: JSONRPCID, expected: JSONRPCID) throws(JSONRPCReplyError) {
        guard id == expected || id.json.serialized() == expected.json.serialized() else {
            throw JSONRPCReplyError(reason: "id \(id) answers no request with id \(expected)")
        }
    }
}
