import Crypto
import FolioModel
import HTTP

extension Emulator {
    /// Runs a creating POST under its `Idempotency-Key` (required): the first request runs `operation`,
    /// a repeat with the same method, path and body replays the stored response (with
    /// `Idempotent-Replayed: true`), a repeat with anything else is 422 `IDEMPOTENCY_KEY_REUSED`.
    /// A `scope` (the vault's account) is part of the fingerprint, so one account cannot replay another's.
    func idempotent(
        _ request: EmulatorRequest, scope: String? = nil, _ operation: () async throws(APIError) -> HTTPResponse
    ) async throws(APIError) -> HTTPResponse {
        guard let key = request.idempotencyKey, !key.isEmpty else {
            throw APIError(
                status: 400, code: "IDEMPOTENCY_KEY_REQUIRED",
                message: "this route creates something: send an Idempotency-Key header")
        }
        guard key.utf8.count <= 255, key.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
        else {
            throw APIError(
                status: 400, code: "INVALID_IDEMPOTENCY_KEY",
                message: "Idempotency-Key must be 1 to 255 printable ASCII characters without spaces")
        }
        let fingerprint = try Self.fingerprint(request, scope: scope)
        switch idempotency.begin(key: key, fingerprint: fingerprint, now: clock.now()) {
        case .replay(var response):
            response.headers.append(("Idempotent-Replayed", "true"))
            return response
        case .reused:
            throw APIError(
                status: 422, code: "IDEMPOTENCY_KEY_REUSED",
                message: "this Idempotency-Key was already used for a different request")
        case .inProgress:
            throw APIError(
                status: 409, code: "IDEMPOTENCY_KEY_IN_PROGRESS",
                message: "a request with this Idempotency-Key is still running", retryAfterSeconds: 1)
        case .proceed:
            break
        }
        let response: HTTPResponse
        do {
            response = try await operation()
        } catch {
            response = error.response
        }
        idempotency.finish(key: key, response: response)
        return response
    }

    /// BLAKE2b of method, path, scope and body; a JSON body is canonicalized so key order and spacing do not
    /// count. The canonical body is hashed as it is serialized, piece by piece: a batch of creates is about 750 KB.
    private static func fingerprint(_ request: EmulatorRequest, scope: String?) throws(APIError) -> [UInt8] {
        var head = Array(request.http.method.utf8) + [0] + Array(request.http.path.utf8) + [0]
        if let scope { head += Array(scope.utf8) + [0] }
        do {
            let hasher = try BLAKE2b.Hasher()
            try hasher.update(head)
            if let json = request.bodyAsJSON {
                var failure: (any Error)?
                json.serialized(inPiecesOf: 64 << 10) { piece in
                    guard failure == nil else { return }
                    do { try hasher.update(piece) } catch { failure = error }
                }
                if let failure { throw failure }
            } else {
                try hasher.update(request.http.body)
            }
            return try hasher.finalize()
        } catch {
            throw .internalError("cannot hash the request: \(error)")
        }
    }
}
