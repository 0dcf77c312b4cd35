import Crypto
import FolioModel
import Postgres
import ServiceKit

/// What a device remembers of its inquiries, in PostgreSQL (spec "Entries"): every inquiry it started or
/// resumed, the current one, and which inquiry each launch code it exchanged opened. Launch codes are kept
/// hashed (SHA-256), inquiry tokens sealed with the service's secrets key (a token stored in clear before
/// sealing still reads, and ``resealAll()`` seals it).
public struct InquiryDeviceMemory: Sendable {
    let database: PostgresPool
    let sealer: SecretSealer

    public init(database: PostgresPool, sealer: SecretSealer = SecretsKeyConfiguration.publicTestSealer) {
        self.database = database
        self.sealer = sealer
    }

    /// The inquiry a launch code opened on this device, while the device still has it saved.
    public func inquiry(forLaunchCode code: String, deviceID: String) async throws -> SavedInquiry? {
        let rows = try await database.query(
            """
            SELECT i.device_id, i.inquiry_id, i.correlation_id, i.inquiry_token
            FROM inquiry_device_launch_codes c
            JOIN inquiry_device_inquiries i ON i.device_id = c.device_id AND i.inquiry_id = c.inquiry_id
            WHERE c.device_id = \(deviceID) AND c.code_hash = \(Self.hash(code))
            """)
        return try rows.first.map(saved)
    }

    /// A saved inquiry by id, or the device's current inquiry when `inquiryID` is nil.
    public func inquiry(_ inquiryID: String?, deviceID: String) async throws -> SavedInquiry? {
        let rows: [PostgresRow]
        if let inquiryID {
            rows = try await database.query(
                """
                SELECT device_id, inquiry_id, correlation_id, inquiry_token FROM inquiry_device_inquiries
                WHERE device_id = \(deviceID) AND inquiry_id = \(inquiryID)
                """)
        } else {
            rows = try await database.query(
                """
                SELECT i.device_id, i.inquiry_id, i.correlation_id, i.inquiry_token
                FROM inquiry_device_current c
                JOIN inquiry_device_inquiries i ON i.device_id = c.device_id AND i.inquiry_id = c.inquiry_id
                WHERE c.device_id = \(deviceID)
                """)
        }
        return try rows.first.map(saved)
    }

    /// Saves the inquiry (a newer token replaces the old one), makes it current, and records the launch code
    /// that opened it.
    public func remember(
        _ inquiry: SavedInquiry, launchCode: String?, deviceID: String, organizationID: String
    ) async throws {
        let token = try sealer.seal(
            inquiry.token, context: Self.context(deviceID: deviceID, inquiryID: inquiry.inquiryId))
        try await database.withTransaction { transaction in
            _ = try await transaction.execute(
                """
                INSERT INTO inquiry_device_inquiries (device_id, inquiry_id, organization_id, correlation_id, inquiry_token)
                VALUES (\(deviceID), \(inquiry.inquiryId), \(organizationID), \(inquiry.correlationId), \(token))
                ON CONFLICT (device_id, inquiry_id) DO UPDATE
                SET correlation_id = EXCLUDED.correlation_id, inquiry_token = EXCLUDED.inquiry_token, saved_at = now()
                """)
            _ = try await transaction.execute(
                """
                INSERT INTO inquiry_device_current (device_id, inquiry_id) VALUES (\(deviceID), \(inquiry.inquiryId))
                ON CONFLICT (device_id) DO UPDATE SET inquiry_id = EXCLUDED.inquiry_id
                """)
            if let launchCode {
                _ = try await transaction.execute(
                    """
                    INSERT INTO inquiry_device_launch_codes (device_id, code_hash, inquiry_id)
                    VALUES (\(deviceID), \(Self.hash(launchCode)), \(inquiry.inquiryId))
                    ON CONFLICT (device_id, code_hash) DO UPDATE SET inquiry_id = EXCLUDED.inquiry_id
                    """)
            }
        }
    }

    /// Forgets the inquiry on this device: its saved access, its launch codes, and its place as current.
    public func forget(_ inquiryID: String, deviceID: String) async throws {
        _ = try await database.execute(
            "DELETE FROM inquiry_device_inquiries WHERE device_id = \(deviceID) AND inquiry_id = \(inquiryID)")
    }

    private func saved(_ row: PostgresRow) throws -> SavedInquiry {
        let inquiryID = try row.decode(String.self, "inquiry_id")
        let stored = try row.decode(String.self, "inquiry_token")
        let context = Self.context(deviceID: try row.decode(String.self, "device_id"), inquiryID: inquiryID)
        return SavedInquiry(
            inquiryId: inquiryID, correlationId: try row.decode(String.self, "correlation_id"),
            token: SecretSealer.isSealed(stored) ? try sealer.openString(stored, context: context) : stored)
    }

    /// What a sealed token is bound to: its row.
    static func context(deviceID: String, inquiryID: String) -> String {
        "inquiry_device_inquiries/\(deviceID)/\(inquiryID)"
    }

    static func hash(_ code: String) -> String {
        Hex.encode(SHA256.hash(Array(code.utf8)))
    }
}
