import FolioModel
import HTTP

/// A change of the vault, run under its lock once the request has been read and checked.
typealias VaultOperation = (inout VaultState, VaultEnvironment) throws(VaultFailure) -> JSONValue

extension Emulator {
    /// The JSON answer of `body`, or the error answer of its failure.
    func vaultAnswer(status: Int = 200, _ body: () throws(VaultFailure) -> JSONValue) -> HTTPResponse {
        do throws(VaultFailure) {
            return .json(try body(), status: status)
        } catch {
            return error.response
        }
    }

    /// A vault read: the session (or guest access, when `guest`), then `body` under the vault lock.
    func vaultRead(_ request: EmulatorRequest, guest: Bool = false, _ body: VaultOperation) -> HTTPResponse {
        vaultAnswer { () throws(VaultFailure) -> JSONValue in
            try vault.perform(try vaultEnvironment(request, guest: guest), body)
        }
    }

    /// A vault change: the session, then `prepare` (which reads and checks the body and returns the
    /// operation), then the Idempotency-Key, whose fingerprint covers the caller's account, then the
    /// operation under the vault lock.
    func vaultChange(
        _ request: EmulatorRequest, status: Int = 200, guest: Bool = false,
        _ prepare: (VaultEnvironment) throws(VaultFailure) -> VaultOperation
    ) async throws(APIError) -> HTTPResponse {
        let env: VaultEnvironment
        let operation: VaultOperation
        do throws(VaultFailure) {
            env = try vaultEnvironment(request, guest: guest)
            operation = try prepare(env)
        } catch {
            return error.response
        }
        return try await idempotent(request, scope: env.account) { () throws(APIError) -> HTTPResponse in
            vaultAnswer(status: status) { () throws(VaultFailure) -> JSONValue in
                try vault.perform(env, operation)
            }
        }
    }

    /// A query parameter that must be one of `allowed` when present.
    func vaultQueryChoice(_ request: EmulatorRequest, _ name: String, _ allowed: [String]) throws(VaultFailure)
        -> String?
    {
        guard let value = request.http.query[name], !value.isEmpty else { return nil }
        guard allowed.contains(value) else {
            throw .invalidRequest("\(name) must be one of \(allowed.joined(separator: ", "))")
        }
        return value
    }

    /// An integer query parameter within `range`, or `fallback` when absent.
    func vaultQueryInt(_ request: EmulatorRequest, _ name: String, default fallback: Int, range: ClosedRange<Int>)
        throws(VaultFailure) -> Int
    {
        do throws(APIError) {
            return try request.queryInt(name, default: fallback, range: range)
        } catch {
            throw VaultFailure(error)
        }
    }

    /// One page of `items` (sorted by id) for the request's cursor and limit. With a `budget`, the page also
    /// ends before its items' JSON passes that many bytes (it keeps at least one).
    func vaultPage<Item>(
        _ items: [Item], key: (Item) -> String, _ request: EmulatorRequest, budget: Int? = nil,
        json: (Item) -> JSONValue
    ) throws(VaultFailure) -> JSONValue {
        let page: (items: [Item], nextCursor: String?)
        do throws(APIError) {
            page = try Pagination.page(items, key: key, request: request)
        } catch {
            throw VaultFailure(error)
        }
        var answer: [JSONValue] = []
        var bytes = 0
        var previous: Item?
        for item in page.items {
            let value = json(item)
            bytes += value.serialized().count
            if let budget, let previous, bytes > budget {
                return Pagination.body(items: answer, nextCursor: Pagination.encodeCursor(after: key(previous)))
            }
            answer.append(value)
            previous = item
        }
        return Pagination.body(items: answer, nextCursor: page.nextCursor)
    }
}
