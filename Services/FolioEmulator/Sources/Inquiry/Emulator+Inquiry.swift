import FolioModel
import HTTP

/// A change of the inquiries, run under their lock once the request has been read and checked.
typealias InquiryOperation = (inout InquiryState, InquiryEnvironment) throws(InquiryFailure) -> JSONValue

extension Emulator {
    /// The environment of an inquiry request at the clock's current time; the base URL is the one the
    /// request addressed, else the configured host.
    func inquiryEnvironment(_ request: EmulatorRequest? = nil) -> InquiryEnvironment {
        let host = request?.http.headers["host"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(configuration.host)"
        return InquiryEnvironment(emulator: self, now: clock.now(), baseURL: "http://\(host)")
    }

    /// The JSON answer of `body`, or the error answer of its failure.
    func inquiryAnswer(status: Int = 200, _ body: () throws(InquiryFailure) -> JSONValue) -> HTTPResponse {
        do throws(InquiryFailure) {
            return .json(try body(), status: status)
        } catch {
            return error.response
        }
    }

    /// The caller of an inquiry route: the path's inquiry, the `Folio-Inquiry-Token` header and `deviceId`.
    func inquiryCaller(_ request: EmulatorRequest, deviceId: String) -> InquiryCaller {
        InquiryCaller(
            inquiryId: request.parameter("inquiryId"), token: request.http.headers["folio-inquiry-token"],
            deviceId: deviceId)
    }

    /// A read with a token: the `deviceId` query parameter, then `body` under the lock.
    func inquiryRead(
        _ request: EmulatorRequest,
        _ body: (InquiryCaller, inout InquiryState, InquiryEnvironment) throws(InquiryFailure) -> JSONValue
    ) -> HTTPResponse {
        inquiryAnswer { () throws(InquiryFailure) -> JSONValue in
            guard let deviceId = request.http.query["deviceId"], !deviceId.isEmpty else {
                throw .invalidRequest("the deviceId query parameter is required")
            }
            let caller = inquiryCaller(request, deviceId: deviceId)
            return try inquiries.perform(inquiryEnvironment(request)) { state, env throws(InquiryFailure) in
                try body(caller, &state, env)
            }
        }
    }

    /// A change with a token: `prepare` reads and checks the body and returns the operation, then the token
    /// and inquiry are checked, then the Idempotency-Key, then the operation runs under the lock (where the
    /// operation checks the inquiry again).
    func inquiryChange(
        _ request: EmulatorRequest, status: Int = 200,
        _ prepare: (InquiryFields) throws(InquiryFailure) -> (InquiryCaller, InquiryOperation)
    ) async throws(APIError) -> HTTPResponse {
        let operation: InquiryOperation
        do throws(InquiryFailure) {
            let caller: InquiryCaller
            (caller, operation) = try prepare(try InquiryFields(request))
            _ = try inquiries.perform(inquiryEnvironment(request)) { state, env throws(InquiryFailure) in
                try state.authorize(caller, now: env.now)
            }
        } catch {
            return error.response
        }
        return try await idempotent(request) { () throws(APIError) -> HTTPResponse in
            inquiryAnswer(status: status) { () throws(InquiryFailure) -> JSONValue in
                try inquiries.perform(inquiryEnvironment(), operation)
            }
        }
    }

    /// A change without a token (operator calls, launch, handoff redemption): `prepare`, then the
    /// Idempotency-Key, then the operation under the lock.
    func inquiryOpenChange(
        _ request: EmulatorRequest, status: Int = 200,
        _ prepare: (InquiryFields) throws(InquiryFailure) -> InquiryOperation
    ) async throws(APIError) -> HTTPResponse {
        let operation: InquiryOperation
        do throws(InquiryFailure) {
            operation = try prepare(try InquiryFields(request))
        } catch {
            return error.response
        }
        return try await idempotent(request) { () throws(APIError) -> HTTPResponse in
            inquiryAnswer(status: status) { () throws(InquiryFailure) -> JSONValue in
                try inquiries.perform(inquiryEnvironment(), operation)
            }
        }
    }
}
