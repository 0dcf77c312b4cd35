import FolioModel
import StoreKit
import WireModel

extension SessionReducer {
    public struct State: Sendable, Codable, Equatable {
        public var identity: SessionIdentity
        public var status: SessionStatus
        /// Folio's session behind an authenticated identity; nil for a guest identity.
        public var folioSessionID: String?
        /// The new guest identity a sign-out waits for (no randomness in the reducer: ids count up).
        public var requests: RequestLedger<SessionRequest>

        public init(
            identity: SessionIdentity, status: SessionStatus = .device, folioSessionID: String? = nil,
            requests: RequestLedger<SessionRequest> = .init()
        ) {
            self.identity = identity
            self.status = status
            self.folioSessionID = folioSessionID
            self.requests = requests
        }

        /// A sign-out is under way: further sign-outs do nothing until the new guest identity exists.
        public var signingOut: Bool { requests.isAwaitingAny }

        // Snapshots keep the shape they had before the ledger: `signingOut` and `lastRequestID`.
        private enum CodingKeys: String, CodingKey {
            case identity, status, folioSessionID, signingOut, lastRequestID
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let lastRequestID = try container.decode(UInt64.self, forKey: .lastRequestID)
            let signingOut = try container.decode(Bool.self, forKey: .signingOut)
            self.init(
                identity: try container.decode(SessionIdentity.self, forKey: .identity),
                status: try container.decode(SessionStatus.self, forKey: .status),
                folioSessionID: try container.decodeIfPresent(String.self, forKey: .folioSessionID),
                requests: RequestLedger(
                    lastIssued: lastRequestID,
                    awaited: signingOut ? [.init(id: lastRequestID, purpose: .newGuestIdentity)] : []))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(identity, forKey: .identity)
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(folioSessionID, forKey: .folioSessionID)
            try container.encode(signingOut, forKey: .signingOut)
            try container.encode(requests.lastIssued, forKey: .lastRequestID)
        }
    }

    /// What SessionStore waits for: the guest identity of a sign-out, one at a time.
    public enum SessionRequest: RequestPurpose {
        case newGuestIdentity

        public var slot: SessionRequest? { self }
    }
}
