import FolioModel
import HTTP

extension Emulator {
    /// `GET /v1/sessions/{sessionId}`.
    func readSession(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("sessionId")
        return authAnswer { () throws(AuthFailure) -> JSONValue in
            try auth.perform(authEnvironment(request)) { state, env throws(AuthFailure) in
                try state.session(id, now: env.now).json
            }
        }
    }

    /// `DELETE /v1/sessions/{sessionId}`: signs out; ending an ended session again answers it unchanged.
    func endSession(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("sessionId")
        return authAnswer { () throws(AuthFailure) -> JSONValue in
            try auth.perform(authEnvironment(request)) { state, env throws(AuthFailure) in
                _ = try state.session(id, now: env.now)
                state.finish(id, as: .ended, at: env.now)
                return try state.session(id, now: env.now).json
            }
        }
    }

    /// `GET /v1/sessions/changes?cursor=&limit=&waitSeconds=`: sessions that ended or expired, in order;
    /// with `waitSeconds` it waits (real time) for the first change when there is none yet.
    func sessionChanges(_ request: EmulatorRequest) async -> HTTPResponse {
        var after: Int64 = 0
        let limit: Int
        let wait: Int
        do throws(APIError) {
            if let cursor = request.http.query["cursor"], !cursor.isEmpty {
                guard let sequence = Int64(try Pagination.decodeCursor(cursor)), sequence >= 0 else {
                    throw APIError(status: 400, code: "INVALID_CURSOR", message: "cursor is not valid")
                }
                after = sequence
            }
            limit = try request.queryInt("limit", default: Pagination.defaultLimit, range: 1...Pagination.maximumLimit)
            wait = try request.queryInt("waitSeconds", default: 0, range: 0...30)
        } catch {
            return error.response
        }
        let deadline = ContinuousClock.now + .seconds(wait)
        var items: [JSONValue] = []
        while true {
            let from = after
            items =
                (try? auth.perform(authEnvironment(request)) { state, env in
                    state.sessionChanges(after: from, limit: limit, now: env.now)
                }) ?? []
            if !items.isEmpty || ContinuousClock.now >= deadline || stopping.load(ordering: .relaxed) { break }
            do {
                try await Task.sleep(for: .milliseconds(50))
            } catch {
                break
            }
        }
        let last = items.last?["sequence"]?.intValue ?? after
        return .json([
            "items": .array(items), "nextCursor": .string(Pagination.encodeCursor(after: String(last))),
        ])
    }
}
