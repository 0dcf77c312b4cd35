import FolioModel
import Foundation

/// A one-time code the emulator sent (test mode).
public struct FolioEmulatorMessage: Sendable, Equatable {
    /// The email address or phone number.
    public var to: String
    /// `EMAIL` or `SMS`.
    public var channel: String
    public var code: String
    /// The ceremony that sent it; nil for an inquiry's code.
    public var ceremonyId: String?
    /// The inquiry and verification step that sent it; nil for a ceremony's code.
    public var inquiryId: String?
    public var stepId: String?
    public var sentAt: Date
}

/// A session made by `POST /admin/sessions`.
public struct FolioEmulatorSession: Sendable, Equatable {
    /// The session id, for `Folio-Session-Id`.
    public var id: String
    public var accountId: String
    public var organizationId: String
    /// When the organization's `sessionSeconds` run out.
    public var expiresAt: Date
}

extension FolioEmulatorAdmin {
    /// `POST /admin/sessions`: an active session of the account, without a ceremony.
    public func createSession(accountId: String, deviceId: String? = nil) async throws(EmulatorError)
        -> FolioEmulatorSession
    {
        var body: JSONObject = ["accountId": .string(accountId)]
        if let deviceId { body["deviceId"] = .string(deviceId) }
        let session = try await call("POST", "/admin/sessions", body: .object(body))
        guard let id = session["id"]?.stringValue, let organizationId = session["organizationId"]?.stringValue,
            let expiresAt = session["expiresAt"]?.stringValue.flatMap(RFC3339.parse)
        else { throw .adminRequestFailed("unexpected session \(session)") }
        return FolioEmulatorSession(id: id, accountId: accountId, organizationId: organizationId, expiresAt: expiresAt)
    }

    /// `GET /admin/mailbox?to=`: the codes sent to an email address or phone number, oldest first.
    public func mailbox(to address: String) async throws(EmulatorError) -> [FolioEmulatorMessage] {
        let encoded = address.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? address
        let body = try await call("GET", "/admin/mailbox?to=\(encoded)")
        return (body["items"]?.arrayValue ?? []).compactMap { item in
            guard let to = item["to"]?.stringValue, let channel = item["channel"]?["type"]?.stringValue,
                let code = item["code"]?.stringValue, let sentAt = item["sentAt"]?.stringValue.flatMap(RFC3339.parse)
            else { return nil }
            return FolioEmulatorMessage(
                to: to, channel: channel, code: code, ceremonyId: item["ceremonyId"]?.stringValue,
                inquiryId: item["inquiryId"]?.stringValue, stepId: item["stepId"]?.stringValue, sentAt: sentAt)
        }
    }

    /// The newest code sent to `address`; throws when there is none.
    public func lastCode(to address: String) async throws(EmulatorError) -> String {
        guard let message = try await mailbox(to: address).last else {
            throw .adminRequestFailed("no code was sent to \(address)")
        }
        return message.code
    }

    /// `POST /admin/device-approvals/{challengeId}/approve`: approves as the trusted device; returns the
    /// transfer acknowledgement for `completeDeviceLink`.
    public func approveDevice(challengeId: String) async throws(EmulatorError) -> String {
        let body = try await call("POST", "/admin/device-approvals/\(Self.segment(challengeId))/approve")
        guard let ack = body["transferAck"]?.stringValue else { throw .adminRequestFailed("no transferAck in \(body)") }
        return ack
    }

    /// `POST /admin/sessions/{sessionId}/expire`: Folio ends the session; returns it.
    @discardableResult
    public func expireSession(id: String) async throws(EmulatorError) -> JSONValue {
        try await call("POST", "/admin/sessions/\(Self.segment(id))/expire")
    }

    /// `POST /admin/passkeys/{credentialId}/assert`: the assertion a fixture passkey gives for
    /// `challenge`, shaped like the PASSKEY answer's value.
    public func passkeyAssertion(credentialId: String, challenge: String, origin: String? = nil)
        async throws(EmulatorError) -> JSONValue
    {
        var body: JSONObject = ["challenge": .string(challenge)]
        if let origin { body["origin"] = .string(origin) }
        return try await call("POST", "/admin/passkeys/\(Self.segment(credentialId))/assert", body: .object(body))
    }

    private static func segment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
    }
}
