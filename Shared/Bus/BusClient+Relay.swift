import FolioModel

extension BusClient {
    /// Forwards one request as ``forward(_:_:timeout:)`` does, but keeps the result as the bytes the service
    /// sent (``JSONRPCReply/scan(_:expecting:maxDepth:)`` checks the envelope and the id): for passing a
    /// reply on without parsing it. Bus failures and malformed replies become the matching error.
    public func relay(_ subject: String, _ request: JSONRPCRequest, timeout: Duration? = nil) async -> JSONRPCReply? {
        await relay(subject, payload: request.serialized(), id: request.id, timeout: timeout)
    }

    /// Relays a request already written (``JSONRPCRequest/payload(method:params:id:)``) whose id is `id`; nil
    /// for a notification, which is only published.
    public func relay(_ subject: String, payload: [UInt8], id: JSONRPCID?, timeout: Duration? = nil) async
        -> JSONRPCReply?
    {
        guard let id else {
            try? await transport.publish(subject: subject, payload: payload)
            return nil
        }
        let reply: [UInt8]
        do throws(BusError) {
            reply = try await transport.request(subject: subject, payload: payload, timeout: timeout ?? self.timeout)
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
