import Crypto
import FolioModel
import Foundation

extension InquiryState {
    /// Exchanges a single-use launch code: the device becomes the controller, CREATED becomes PENDING, and
    /// the answer carries a new token and the signed window attestation.
    /// A `holder` becomes the inquiry's (the latest launch that names one wins).
    mutating func launch(
        code: String, organizationId: String, deviceId: String, holder: IssuanceHolder? = nil,
        _ env: InquiryEnvironment
    ) throws(InquiryFailure) -> JSONValue {
        guard var launchCode = launchCodes[code], !launchCode.used, env.now < launchCode.expiresAt,
            var record = inquiries[launchCode.inquiryId]
        else { throw .launchCodeInvalid }
        guard record.organizationId == organizationId else {
            throw InquiryFailure(
                status: 403, code: "LAUNCH_INVALID",
                message: "the launch code is not for organization \(organizationId)")
        }
        record.expireIfDue(now: env.now)
        inquiries[record.id] = record
        guard record.status != .expired else { throw .expired(record.id) }
        launchCode.used = true
        launchCodes[code] = launchCode
        if record.status == .created { record.status = .pending }
        if !record.status.isFinal { record.controllerDeviceId = deviceId }
        record.launchExchanges += 1
        if let holder { record.holder = holder }
        inquiries[record.id] = record
        return try window(record, deviceId: deviceId, env)
    }

    /// Redeems a single-use handoff code: a new token for the device, which joins as an observer.
    mutating func redeemHandoff(code: String, organizationId: String, deviceId: String, _ env: InquiryEnvironment)
        throws(InquiryFailure) -> JSONValue
    {
        guard var handoff = handoffs[code], var record = inquiries[handoff.inquiryId] else {
            throw InquiryFailure(status: 410, code: "HANDOFF_EXPIRED", message: "no such handoff code (or it expired)")
        }
        guard record.organizationId == organizationId else {
            throw InquiryFailure(
                status: 403, code: "HANDOFF_MISMATCH", message: "the handoff is not for organization \(organizationId)")
        }
        guard !handoff.consumed else {
            throw InquiryFailure(status: 409, code: "HANDOFF_CONSUMED", message: "the handoff code was already used")
        }
        guard env.now < handoff.expiresAt else {
            throw InquiryFailure(status: 410, code: "HANDOFF_EXPIRED", message: "the handoff code has expired")
        }
        record.expireIfDue(now: env.now)
        inquiries[record.id] = record
        guard record.status != .expired else { throw .expired(record.id) }
        handoff.consumed = true
        handoffs[code] = handoff
        return try window(record, deviceId: deviceId, env)
    }

    /// A new token for the device and the answer of a launch or redemption, shaped by the testing knob.
    private mutating func window(_ record: InquiryRecord, deviceId: String, _ env: InquiryEnvironment)
        throws(InquiryFailure) -> JSONValue
    {
        let token = env.newID("itk")
        let expiresAt = env.now.addingTimeInterval(record.tokenTtl)
        tokens[token] = InquiryToken(inquiryId: record.id, deviceId: deviceId, expiresAt: expiresAt)
        let issuedAt = Int64(env.now.timeIntervalSince1970.rounded(.down))
        let subject = record.launchAnswer == .attestationForOtherInquiry ? env.newID("inq") : record.id
        let claims: JSONValue = [
            "typ": "folio.window", "sub": .string(subject), "org": .string(record.organizationId),
            "dev": .string(deviceId), "cid": .string(record.correlationId), "iat": .int(issuedAt),
            "exp": .int(issuedAt + 300),
        ]
        var attestation = try env.sign(claims)
        if record.launchAnswer == .badAttestationSignature {
            attestation = try Self.flipSignatureByte(attestation)
        }
        var answer: JSONObject = [
            "inquiryId": .string(record.id), "correlationId": .string(record.correlationId),
            "inquiryToken": .string(token), "tokenExpiresAt": .string(RFC3339.format(expiresAt)),
            "attestation": .string(attestation),
        ]
        if record.launchAnswer == .withoutInquiryId { answer["inquiryId"] = nil }
        return .object(answer)
    }

    private static func flipSignatureByte(_ jws: String) throws(InquiryFailure) -> String {
        var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, var signature = try? Base64URL.decode(parts[2]), !signature.isEmpty else {
            throw .internalError("cannot tamper with \(jws)")
        }
        signature[0] ^= 0x01
        parts[2] = Base64URL.encode(signature)
        return parts.joined(separator: ".")
    }
}
