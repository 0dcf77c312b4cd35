import FolioModel

extension BusClient {
    /// Forwards one request as ``forward(_:_:timeout:)`` does, but keeps the result as the bytes the service
    /// sent (``JSONRPCReply/scan(_:expecting:maxDepth:)`` checks the envelope and the id): for passing a
    /// reply on without parsing it. Bus failures and malformed replies become the matching error.
    public func relay(_ subject: String, _ request: JSONRPCRequest, timeout: Duration? = nil) async -> JSONRPCReply? {
        guard let id = request.id else {
            try? await transport.publish(subject: subject, payload: request.json.serialized())
            return nil
        }
        let reply: [UInt8]
        do throws(BusError) {
            reply = try await transport.request(
                subject: subject, payload: request.json.serialized(), timeout: timeout ?? self.timeout)
        } catch {
            return JSONRPCReply(id: id, error: error.rpcError)
        }
        do throws(JSONRPCReplyError) {
            return try JSONRPCReply.scan(reply, expecting: id)
        } catch {
            return JSONRPCReply(id: id, error: BusError.transport("\(error) on \(subject)").rpcError)
        }
    }
}
