import FolioModel
import FolioWire

extension FolioClient {
    /// `POST /v1/auth/ceremonies`: starts a ceremony and returns its first step (which may already be
    /// COMPLETED, for a guest, or FAILED with UNSUPPORTED).
    public func startCeremony(_ start: FolioCeremonyStart, idempotencyKey: String) async throws(FolioAuthError)
        -> FolioCeremony
    {
        try await authCall("POST", "/v1/auth/ceremonies", body: start, idempotencyKey: idempotencyKey)
    }

    /// `GET /v1/auth/ceremonies/{ceremonyId}`: the ceremony as it stands.
    public func ceremony(id: String) async throws(FolioAuthError) -> FolioCeremony {
        try await authCall("GET", Self.ceremonyPath(id), body: Empty?.none, idempotencyKey: nil)
    }

    /// `POST .../answer`: answers the current phase; `secondAnswer` answers the step's `secondInput`.
    /// A wrong answer throws (WRONG_PASSWORD, ...) and leaves the step open.
    public func answer(
        ceremonyId: String, _ answer: FolioCeremonyAnswer, secondAnswer: FolioCeremonyAnswer? = nil,
        idempotencyKey: String
    ) async throws(FolioAuthError) -> FolioCeremony {
        try await authCall(
            "POST", Self.ceremonyPath(ceremonyId) + "/answer",
            body: AnswerBody(answer: answer, secondAnswer: secondAnswer),
            idempotencyKey: idempotencyKey)
    }

    /// `POST .../alternative`: switches the step to one of its `alternatives` (OTP sends a code, PASSKEY
    /// answers the WebAuthn options).
    public func selectAlternative(ceremonyId: String, _ method: FolioAuthMethod, idempotencyKey: String)
        async throws(FolioAuthError) -> FolioCeremony
    {
        try await authCall(
            "POST", Self.ceremonyPath(ceremonyId) + "/alternative", body: AlternativeBody(method: method),
            idempotencyKey: idempotencyKey)
    }

    /// `POST .../resend`: sends a new one-time code for the OTP step (the previous one stops working).
    public func resendOtp(ceremonyId: String, idempotencyKey: String) async throws(FolioAuthError) -> FolioCeremony {
        try await authCall(
            "POST", Self.ceremonyPath(ceremonyId) + "/resend", body: Empty?.none, idempotencyKey: idempotencyKey)
    }

    /// `POST .../device-link`: answers a DEVICE_APPROVAL step with the trusted device's acknowledgement.
    public func completeDeviceLink(
        ceremonyId: String, challengeId: String, transferAck: String, idempotencyKey: String
    ) async throws(FolioAuthError) -> FolioCeremony {
        try await authCall(
            "POST", Self.ceremonyPath(ceremonyId) + "/device-link",
            body: DeviceLinkBody(challengeId: challengeId, transferAck: transferAck), idempotencyKey: idempotencyKey)
    }

    /// `POST .../cancel`: ends a waiting ceremony (FAILED with CANCELLED).
    public func cancelCeremony(ceremonyId: String, idempotencyKey: String) async throws(FolioAuthError)
        -> FolioCeremony
    {
        try await authCall(
            "POST", Self.ceremonyPath(ceremonyId) + "/cancel", body: Empty?.none, idempotencyKey: idempotencyKey)
    }

    /// `GET /v1/sessions/{sessionId}`.
    public func session(id: String) async throws(FolioAuthError) -> FolioSession {
        try await authCall("GET", "/v1/sessions/\(Self.pathSegment(id))", body: Empty?.none, idempotencyKey: nil)
    }

    /// `DELETE /v1/sessions/{sessionId}`: signs out; ending an ended session answers it unchanged.
    public func endSession(id: String) async throws(FolioAuthError) -> FolioSession {
        try await authCall("DELETE", "/v1/sessions/\(Self.pathSegment(id))", body: Empty?.none, idempotencyKey: nil)
    }

    /// `GET /v1/sessions/changes`: sessions that ended or expired after `cursor` (nil: from the first).
    /// With `waitSeconds` (0...30) Folio holds the call until a change arrives or the time is up; keep the
    /// client's timeout above it.
    public func sessionChanges(cursor: String? = nil, limit: Int? = nil, waitSeconds: Int? = nil)
        async throws(FolioAuthError) -> FolioSessionChanges
    {
        let query = Self.query([
            ("cursor", cursor), ("limit", limit.map(String.init)), ("waitSeconds", waitSeconds.map(String.init)),
        ])
        return try await authCall("GET", "/v1/sessions/changes" + query, body: Empty?.none, idempotencyKey: nil)
    }

    private static func ceremonyPath(_ id: String) -> String {
        "/v1/auth/ceremonies/\(pathSegment(id))"
    }

    private struct Empty: Encodable {}

    private struct AnswerBody: Encodable {
        var answer: FolioCeremonyAnswer
        var secondAnswer: FolioCeremonyAnswer?
    }

    private struct AlternativeBody: Encodable {
        var method: FolioAuthMethod
    }

    private struct DeviceLinkBody: Encodable {
        var challengeId: String
        var transferAck: String
    }

    /// Sends an authentication call; an error answer becomes a ``FolioAuthError`` with the body's
    /// authentication fields (which ``FolioClientError`` does not carry).
    private func authCall<Body: Encodable, Response: Decodable>(
        _ method: String, _ path: String, body: Body?, idempotencyKey: String?
    ) async throws(FolioAuthError) -> Response {
        do {
            return try await call(FolioCall(method, path, encoding: body, idempotencyKey: idempotencyKey))
        } catch {
            throw FolioAuthError(error)
        }
    }
}
