import Bus
import FolioModel

/// Any bytes as a service's reply, the way the Gateway checks one before passing its result on
/// (JSONRPCReply.scan over JSONScanner), held to the parser: the scanner accepts an object exactly when
/// JSONParser does, with the same members; a reply the scan accepts is one JSONRPCResponse.decode reads, with
/// the same result or error.
enum JSONRPCReplyTarget: FuzzTarget {
    static let name = "jsonrpc-reply"

    static func run(_ bytes: [UInt8]) {
        let parsed = try? JSONParser.parse(bytes, maxDepth: 512)
        let members = try? JSONScanner.members(of: bytes, maxDepth: 512)
        switch (parsed, members) {
        case (.object(let object)?, let members?):
            var last: JSONObject = [:]
            for member in members {
                guard let value = try? member.value.parsed(maxDepth: 512) else {
                    FuzzCheck.fail("a member the scanner kept does not parse")
                }
                last[member.name] = value
            }
            guard last == object else { FuzzCheck.fail("the scanner's members differ from the parser's") }
        case (.object?, nil): FuzzCheck.fail("the scanner refuses an object the parser reads")
        case (_, .some): FuzzCheck.fail("the scanner accepts what the parser does not read as an object")
        default: break
        }
        guard let reply = try? JSONRPCReply.scan(bytes, expecting: .int(1)) else { return }
        guard let json = parsed, let response = JSONRPCResponse.decode(json) else {
            FuzzCheck.fail("the scan accepts a reply JSONRPCResponse.decode refuses")
        }
        switch (reply.outcome, response.outcome) {
        case (.success(let text), .success(let value)):
            guard let read = try? text.parsed(maxDepth: 512), JSONSameness.same(read, value) else {
                FuzzCheck.fail("the result's bytes do not read as the result")
            }
        case (.failure(let scanned), .failure(let decoded)):
            guard scanned == decoded else { FuzzCheck.fail("the scan reads another error") }
        default:
            FuzzCheck.fail("the scan and the decoder disagree on result or error")
        }
    }
}
