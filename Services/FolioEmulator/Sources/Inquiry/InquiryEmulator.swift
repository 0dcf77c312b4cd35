import FolioModel
import Foundation
import Synchronization

/// The inquiry half of the emulator: the templates from the fixtures (fixed) and the inquiries, launch
/// codes, tokens and handoffs (in memory, one lock).
final class InquiryEmulator: Sendable {
    let templates: [String: InquiryTemplate]
    private let state = Mutex(InquiryState())

    init(fixtures: FixtureSet) throws(EmulatorError) {
        templates = try InquiryTemplate.load(from: fixtures)
    }

    /// Runs `body` on the state under the lock.
    func perform<T: Sendable>(
        _ environment: InquiryEnvironment, _ body: (inout InquiryState, InquiryEnvironment) throws(InquiryFailure) -> T
    ) throws(InquiryFailure) -> T {
        try state.withLock { (state: inout InquiryState) throws(InquiryFailure) -> T in
            try body(&state, environment)
        }
    }
}

/// What one inquiry request works with: the emulator, the clock's time, the templates and the signer.
struct InquiryEnvironment {
    let emulator: Emulator
    let now: Date
    /// `http://host:port` as the client addressed the emulator (for the selfie proxy's address).
    let baseURL: String

    var templates: [String: InquiryTemplate] { emulator.inquiries.templates }

    func newID(_ prefix: String) -> String {
        emulator.newID(prefix: prefix)
    }

    func template(_ id: String) throws(InquiryFailure) -> InquiryTemplate {
        guard let template = templates[id] else {
            throw .internalError("the template \(id) of an inquiry is gone")
        }
        return template
    }

    /// Puts a one-time code in the development mailbox (`GET /admin/mailbox`), in test mode only.
    func deliver(to address: String, channel: String, code: String, inquiryId: String, stepId: String) {
        emulator.auth.deliver(
            AuthState.Message(
                to: address, channel: channel, code: code, inquiryId: inquiryId, stepId: stepId, sentAt: now))
    }

    /// Signs a compact JWS over `claims` with the emulator's current key.
    func sign(_ claims: JSONValue) throws(InquiryFailure) -> String {
        do {
            return try emulator.signer.sign(claims: claims)
        } catch {
            throw .internalError("cannot sign: \(error)")
        }
    }
}

/// Who calls an inquiry route: the inquiry of the path, the `Folio-Inquiry-Token` header and the device.
struct InquiryCaller: Sendable {
    var inquiryId: String
    var token: String?
    var deviceId: String
}

extension InquiryState {
    /// The inquiry `caller` may act on: 404 INQUIRY_NOT_FOUND, then 401 TOKEN_INVALID (no token, unknown,
    /// another inquiry's or another device's), 401 TOKEN_EXPIRED, then 410 INQUIRY_EXPIRED once its time is
    /// up or an admin expired it.
    mutating func authorize(_ caller: InquiryCaller, now: Date) throws(InquiryFailure) -> InquiryRecord {
        guard var record = inquiries[caller.inquiryId] else { throw .notFound(caller.inquiryId) }
        guard let text = caller.token, !text.isEmpty else {
            throw .tokenInvalid("send the Folio-Inquiry-Token header")
        }
        guard let token = tokens[text], token.inquiryId == caller.inquiryId else {
            throw .tokenInvalid("the inquiry token is not valid for \(caller.inquiryId)")
        }
        guard token.deviceId == caller.deviceId else {
            throw .tokenInvalid("the inquiry token belongs to another device")
        }
        guard now < token.expiresAt else { throw .tokenExpired }
        record.expireIfDue(now: now)
        inquiries[record.id] = record
        guard record.status != .expired else { throw .expired(record.id) }
        return record
    }

    /// Like ``authorize(_:now:)``, for a request that changes the inquiry: 409 INQUIRY_FINISHED at a final
    /// status, 409 NOT_CONTROLLER from a device that does not control it (unless `anyDevice`).
    mutating func authorizeChange(_ caller: InquiryCaller, now: Date, anyDevice: Bool = false)
        throws(InquiryFailure) -> InquiryRecord
    {
        let record = try authorize(caller, now: now)
        guard !record.status.isFinal else { throw .finished(record.id, record.status) }
        guard anyDevice || record.controllerDeviceId == caller.deviceId else { throw .notController }
        return record
    }
}
