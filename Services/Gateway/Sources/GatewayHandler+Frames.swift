import Bus
import FolioAPI
import FolioModel
import HTTP

extension GatewayHandler {
    /// `POST /frames?storeId=…&width=…&height=…`: a preview frame's Y plane as the raw body, dispatched to the
    /// store as the same `store.dispatch` of an `ACT` `PREVIEW_FRAME` action that `POST /rpc` would forward
    /// (the bytes in base64 on the bus).
    ///
    /// The answer is the JSON-RPC response with id null: HTTP 200 with the dispatch's result, or an HTTP error
    /// status with the error (as for `/events`).
    func handleFrame(_ request: HTTPRequest, token: String?) async -> (HTTPResponse, [String]) {
        let method = StoreMethods.dispatch.name
        guard RequestHeaders.isOctetStream(request.headers["content-type"]) else {
            metrics.recordCall(method: "none", outcome: "unsupported_media_type")
            return (.rpcError(415, .invalidRequest("Content-Type must be application/octet-stream")), [])
        }
        guard let storeID = request.query["storeId"], !storeID.isEmpty else {
            return (refuseFrame(.invalidParams("missing query parameter storeId")), [method])
        }
        let frame: PreviewFrame
        switch PreviewFrame.parse(width: request.query["width"], height: request.query["height"], body: request.body) {
        case .success(let parsed): frame = parsed
        case .failure(let error): return (refuseFrame(error), [method])
        }
        let busLimit = busMaxPayload()
        if busLimit > 0, frame.busSize > busLimit {
            let error = JSONRPCError.folio(
                .payloadTooLarge,
                "a frame of \(frame.bytes.count) bytes takes about \(frame.busSize) bytes on the bus, over its limit "
                    + "of \(busLimit) bytes")
            metrics.recordCall(method: method, outcome: GatewayMetrics.outcome(of: error))
            return (.rpcError(413, error), [method])
        }
        let call = JSONRPCRequest(
            method: method, params: ["storeId": .string(storeID), "action": frame.action], id: .number(1))
        let caller = await authenticate(token, for: [method])
        guard let response = await process(GatewayCall(call), caller: caller) else {
            return (.rpcError(502, .internalError("store.dispatch was not answered")), [method])
        }
        switch response.outcome {
        case .success(let result):
            var body: [UInt8] = []
            JSONRPCReply(id: .null, outcome: .success(result)).write(to: &body)
            return (.json(200, bytes: body), [method])
        case .failure(let error):
            return (.rpcError(HTTPResponse.status(for: error), error), [method])
        }
    }

    /// A frame refused before it reaches the bus: HTTP 400, counted as an invalid `store.dispatch`.
    private func refuseFrame(_ error: JSONRPCError) -> HTTPResponse {
        metrics.recordCall(method: StoreMethods.dispatch.name, outcome: GatewayMetrics.outcome(of: error))
        return .rpcError(400, error)
    }
}
