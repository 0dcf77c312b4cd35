import FolioModel
import FolioWire
import Foundation
import HTTP

extension FolioClient {
    /// The calls about one inquiry for one device: each sends `Folio-Inquiry-Token: token`.
    public func inquiry(id inquiryId: String, token: String, deviceId: String) -> FolioInquiryClient {
        FolioInquiryClient(client: self, inquiryId: inquiryId, token: token, deviceId: deviceId)
    }

    /// Sends an inquiry call; an error answer becomes a ``FolioInquiryError``.
    func inquiryCall<Response: Decodable>(_ call: FolioCall) async throws(FolioInquiryError) -> Response {
        do {
            return try await self.call(call)
        } catch {
            throw FolioInquiryError(error)
        }
    }

    /// An inquiry call with `body` in its wire shape, sent with the device's inquiry token when there is one.
    func inquiryCall<Body: Encodable, Response: Decodable>(
        _ method: String, _ path: String, body: Body, token: String? = nil, idempotencyKey: String? = nil
    ) async throws(FolioInquiryError) -> Response {
        let call: FolioCall
        do {
            call = try FolioCall(
                method, path, encoding: body, headers: token.map { ["Folio-Inquiry-Token": $0] } ?? [:],
                idempotencyKey: idempotencyKey)
        } catch {
            throw FolioInquiryError(error)
        }
        return try await inquiryCall(call)
    }

    /// `POST /v1/operator/inquiries`: creates an inquiry (CREATED) and its first launch code.
    public func createInquiry(_ create: FolioInquiryCreate, idempotencyKey: String) async throws(FolioInquiryError)
        -> FolioInquiryCreated
    {
        try await inquiryCall("POST", "/v1/operator/inquiries", body: create, idempotencyKey: idempotencyKey)
    }

    /// `POST /v1/operator/inquiries/{inquiryId}/launch-codes`: another single-use launch code.
    public func createLaunchCode(inquiryId: String, idempotencyKey: String) async throws(FolioInquiryError)
        -> FolioInquiryLaunchCode
    {
        try await inquiryCall(
            FolioCall(
                "POST", "/v1/operator/inquiries/\(Self.pathSegment(inquiryId))/launch-codes",
                idempotencyKey: idempotencyKey))
    }

    /// `POST /v1/inquiries/launch`: exchanges a launch code; this device becomes the controller. Retry with
    /// the same `idempotencyKey` to get the same answer (the code is single-use). `holder` names who runs the
    /// inquiry: a document it issues goes to that account or guest.
    public func launchInquiry(
        launchCode: String, organizationId: String, deviceId: String, holder: FolioInquiryHolder? = nil,
        idempotencyKey: String
    ) async throws(FolioInquiryError) -> FolioInquiryLaunch {
        var body = ["launchCode": launchCode, "organizationId": organizationId, "deviceId": deviceId]
        if let holder { body[holder.member.name] = holder.member.value }
        return try await inquiryCall("POST", "/v1/inquiries/launch", body: body, idempotencyKey: idempotencyKey)
    }

    /// `POST /v1/handoffs/redeem`: a handoff code for a token of this device, which joins as an observer.
    public func redeemHandoff(code: String, organizationId: String, deviceId: String, idempotencyKey: String)
        async throws(FolioInquiryError) -> FolioInquiryLaunch
    {
        try await inquiryCall(
            "POST", "/v1/handoffs/redeem",
            body: ["code": code, "organizationId": organizationId, "deviceId": deviceId],
            idempotencyKey: idempotencyKey)
    }
}

/// The inquiry API of Folio for one inquiry and one device (docs/folio-api.md, "Inquiries").
///
/// Every call that changes the inquiry takes an `idempotencyKey`: pick one per intent and send it again on
/// every retry, so a submission repeated after a crash is recorded once.
public struct FolioInquiryClient: Sendable {
    /// The client the calls go through.
    public let client: FolioClient
    public let inquiryId: String
    /// The `inquiryToken` of this device's launch or handoff redemption.
    public let token: String
    public let deviceId: String

    /// `GET /v1/inquiries/{inquiryId}`: the current state; the observer screen when this device has no control.
    public func step(locale: String? = nil) async throws(FolioInquiryError) -> FolioInquiryStep {
        let query = FolioClient.query([("deviceId", deviceId), ("locale", locale)])
        return try await client.inquiryCall(FolioCall("GET", path + query, headers: tokenHeader))
    }

    /// `POST .../submit`: the fields of step `stepId`; answers the next step (the last step stays).
    public func submit(stepId: String, fields: JSONObject, locale: String? = nil, idempotencyKey: String)
        async throws(FolioInquiryError) -> FolioInquiryStep
    {
        try await change(
            "/submit", ["stepId": .string(stepId), "fields": .object(fields)], locale: locale,
            idempotencyKey: idempotencyKey)
    }

    /// `POST .../back`: from step `stepId` to the previous one.
    public func back(stepId: String, locale: String? = nil, idempotencyKey: String) async throws(FolioInquiryError)
        -> FolioInquiryStep
    {
        try await change("/back", ["stepId": .string(stepId)], locale: locale, idempotencyKey: idempotencyKey)
    }

    /// `POST .../cancel`: ends the inquiry CANCELED.
    public func cancel(locale: String? = nil, idempotencyKey: String) async throws(FolioInquiryError)
        -> FolioInquiryStep
    {
        try await change("/cancel", [:], locale: locale, idempotencyKey: idempotencyKey)
    }

    /// `POST .../complete`: ends the inquiry COMPLETED (only on its last step).
    public func complete(locale: String? = nil, idempotencyKey: String) async throws(FolioInquiryError)
        -> FolioInquiryStep
    {
        try await change("/complete", [:], locale: locale, idempotencyKey: idempotencyKey)
    }

    /// `POST .../controller`: this device takes control.
    public func takeControl(locale: String? = nil, idempotencyKey: String) async throws(FolioInquiryError)
        -> FolioInquiryStep
    {
        try await change("/controller", [:], locale: locale, idempotencyKey: idempotencyKey)
    }

    /// `GET .../result`.
    public func result() async throws(FolioInquiryError) -> FolioInquiryResult {
        try await client.inquiryCall(
            FolioCall("GET", path + "/result" + FolioClient.query([("deviceId", deviceId)]), headers: tokenHeader))
    }

    /// `POST .../handoffs`: a single-use code another device redeems to join.
    public func createHandoff(idempotencyKey: String) async throws(FolioInquiryError) -> FolioInquiryHandoff {
        try await client.inquiryCall(
            "POST", path + "/handoffs", body: ["deviceId": JSONValue.string(deviceId)], token: token,
            idempotencyKey: idempotencyKey)
    }

    /// `POST .../files`: a file (at most 32 MiB) for a FILE field of the current step.
    public func uploadFile(field: String, fileName: String, mimeType: String, bytes: [UInt8], idempotencyKey: String)
        async throws(FolioInquiryError) -> FolioInquiryFile
    {
        let body: JSONObject = [
            "deviceId": .string(deviceId), "field": .string(field), "fileName": .string(fileName),
            "mimeType": .string(mimeType), "data": .string(Data(bytes).base64EncodedString()),
        ]
        return try await client.inquiryCall(
            "POST", path + "/files", body: body, token: token, idempotencyKey: idempotencyKey)
    }

    /// `GET .../verifications/{stepId}/outcome`: the signed outcome of a passed government id step and its
    /// artifacts (`.upstream(404, "OUTCOME_NOT_FOUND", _)` before it passed).
    public func verificationOutcome(stepId: String) async throws(FolioInquiryError) -> FolioVerificationOutcomeAnswer {
        try await client.inquiryCall(
            FolioCall(
                "GET",
                path + "/verifications/\(FolioClient.pathSegment(stepId))/outcome"
                    + FolioClient.query([("deviceId", deviceId)]), headers: tokenHeader))
    }

    /// `GET .../files/{fileId}`: the bytes of a file uploaded to the inquiry and its mime type.
    /// A file over `maxBytes` (32 MiB by default) is FileTooLarge; its bytes are not read past the limit.
    public func downloadFile(fileId: String, maxBytes: Int = FolioInquiryError.defaultFileLimitBytes)
        async throws(FolioInquiryError) -> FolioInquiryDownload
    {
        var call = FolioCall(
            "GET",
            path + "/files/\(FolioClient.pathSegment(fileId))" + FolioClient.query([("deviceId", deviceId)]),
            headers: tokenHeader)
        call.acceptsJSON = false
        call.maxResponseSize = maxBytes + 1
        let response: HTTPClientResponse
        do {
            response = try await client.exchange(call)
        } catch  where error == .responseTooLarge {
            throw .fileTooLarge(limitBytes: maxBytes)
        } catch {
            throw FolioInquiryError(error)
        }
        guard response.body.count <= maxBytes else { throw .fileTooLarge(limitBytes: maxBytes) }
        let mimeType = response.headers["content-type"] ?? "application/octet-stream"
        return FolioInquiryDownload(mimeType: mimeType, bytes: response.body)
    }

    private var tokenHeader: [String: String] { ["Folio-Inquiry-Token": token] }

    private var path: String { "/v1/inquiries/\(FolioClient.pathSegment(inquiryId))" }

    private func change(_ suffix: String, _ members: JSONObject, locale: String?, idempotencyKey: String)
        async throws(FolioInquiryError) -> FolioInquiryStep
    {
        var body = members
        body["deviceId"] = .string(deviceId)
        if let locale { body["locale"] = .string(locale) }
        return try await client.inquiryCall(
            "POST", path + suffix, body: body, token: token, idempotencyKey: idempotencyKey)
    }
}
