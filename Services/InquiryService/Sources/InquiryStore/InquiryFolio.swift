import FolioModel
import StoreKit

/// Folio as InquiryStore's effects see it: the calls of the Folio API's inquiry routes, already mapped to
/// InquiryError. Live values go through FolioClient; tests inject their own.
public struct InquiryFolio: Sendable {
    /// What a launch code exchange or a redeemed handoff gives this device.
    public struct Access: Sendable, Hashable {
        public var saved: SavedInquiry
        /// The signed window attestation (launch code exchanges only).
        public var attestation: String?

        public init(saved: SavedInquiry, attestation: String?) {
            self.saved = saved
            self.attestation = attestation
        }
    }

    /// Exchanges a launch code, naming `holder` as the inquiry's holder (nil: none).
    public var exchangeLaunchCode:
        @Sendable (
            _ code: String, _ organizationID: String, _ deviceID: String, _ holder: InquiryHolder?,
            _ idempotencyKey: String
        )
            async throws(InquiryError) -> Access
    public var redeemHandoff:
        @Sendable (_ code: String, _ organizationID: String, _ deviceID: String, _ idempotencyKey: String)
            async throws(InquiryError) -> Access
    public var send:
        @Sendable (
            _ request: FolioInquiryRequest, _ inquiry: SavedInquiry, _ deviceID: String, _ idempotencyKey: String
        )
            async throws(InquiryError) -> FolioInquiryAnswer
    public var verifyAttestation:
        @Sendable (_ attestation: String, _ inquiryID: String, _ organizationID: String, _ deviceID: String)
            async throws(InquiryError) -> Void

    public init(
        exchangeLaunchCode:
            @escaping @Sendable (String, String, String, InquiryHolder?, String) async throws(InquiryError) -> Access,
        redeemHandoff: @escaping @Sendable (String, String, String, String) async throws(InquiryError) -> Access,
        send:
            @escaping @Sendable (FolioInquiryRequest, SavedInquiry, String, String) async throws(InquiryError)
            -> FolioInquiryAnswer,
        verifyAttestation: @escaping @Sendable (String, String, String, String) async throws(InquiryError) -> Void
    ) {
        self.exchangeLaunchCode = exchangeLaunchCode
        self.redeemHandoff = redeemHandoff
        self.send = send
        self.verifyAttestation = verifyAttestation
    }
}

extension InquiryFolio {
    /// Every call fails the test that makes it.
    public static let unimplemented = InquiryFolio(
        exchangeLaunchCode: { _, _, _, _, _ throws(InquiryError) in
            throw .unimplemented("InquiryFolio.exchangeLaunchCode")
        },
        redeemHandoff: { _, _, _, _ throws(InquiryError) in throw .unimplemented("InquiryFolio.redeemHandoff") },
        send: { _, _, _, _ throws(InquiryError) in throw .unimplemented("InquiryFolio.send") },
        verifyAttestation: { _, _, _, _ throws(InquiryError) in throw .unimplemented("InquiryFolio.verifyAttestation") }
    )
}

extension InquiryError {
    /// A dependency a test did not expect to be called (reported as a test failure).
    static func unimplemented(_ name: String) -> InquiryError {
        .invalidState(message: UnimplementedDependency(name).description)
    }
}
