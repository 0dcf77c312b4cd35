import FolioModel
import HTTP

extension Emulator {
    /// `GET /v1/vault/changes?cursor=&limit=&waitSeconds=`: this account's compacted change feed; with
    /// `waitSeconds` it waits (real time) for the first change when there is none yet.
    func vaultChanges(_ request: EmulatorRequest) async -> HTTPResponse {
        let env: VaultEnvironment
        var after = 0
        let limit: Int
        let wait: Int
        do throws(VaultFailure) {
            env = try vaultEnvironment(request, guest: true)
            if let cursor = request.http.query["cursor"], !cursor.isEmpty {
                let text: String
                do throws(APIError) {
                    text = try Pagination.decodeCursor(cursor)
                } catch {
                    throw VaultFailure(error)
                }
                guard let sequence = Int(text), sequence >= 0 else {
                    throw VaultFailure(status: 400, code: "INVALID_CURSOR", message: "cursor is not valid")
                }
                after = sequence
            }
            limit = try vaultQueryInt(
                request, "limit", default: Pagination.defaultLimit, range: 1...Pagination.maximumLimit)
            wait = try vaultQueryInt(request, "waitSeconds", default: 0, range: 0...VaultLimits.maxWaitSeconds)
        } catch {
            return error.response
        }
        let deadline = ContinuousClock.now + .seconds(wait)
        let from = after
        while true {
            let page: VaultState.FeedPage
            do throws(VaultFailure) {
                page = try vault.perform(env) { state, env throws(VaultFailure) in
                    try state.changes(env.account, after: from, limit: limit)
                }
            } catch {
                return error.response
            }
            if !page.items.isEmpty || ContinuousClock.now >= deadline || stopping.load(ordering: .relaxed) {
                return .json([
                    "items": .array(page.items),
                    "nextCursor": .string(Pagination.encodeCursor(after: String(page.last))),
                    "hasMore": .bool(page.hasMore),
                ])
            }
            do {
                try await Task.sleep(for: .milliseconds(50))
            } catch {
                return .json([
                    "items": .array([]), "nextCursor": .string(Pagination.encodeCursor(after: String(page.last))),
                    "hasMore": false,
                ])
            }
        }
    }
}
