import Crypto
import Postgres

extension InquiryDeviceMemory {
    /// Seals the saved inquiry tokens stored in clear (before sealing existed) or with a previous secrets key,
    /// a page at a time; a row saved again meanwhile is left as its save wrote it, one sealed with a key this
    /// service does not have is not read. Returns how many tokens were sealed again.
    @discardableResult
    public func resealAll(pageSize: Int = 500) async throws -> Int {
        let sealedPattern = "\(SecretSealer.prefix)%"
        let previous = sealer.previousKeyPatternArray
        var after = (device: "", inquiry: "")
        var resealed = 0
        while true {
            let rows = try await database.query(
                """
                SELECT device_id, inquiry_id, inquiry_token FROM inquiry_device_inquiries
                WHERE (device_id, inquiry_id) > (\(after.device), \(after.inquiry))
                  AND (inquiry_token NOT LIKE \(sealedPattern) OR inquiry_token LIKE ANY (\(previous)::text[]))
                ORDER BY device_id, inquiry_id LIMIT \(pageSize)
                """)
            guard let last = rows.last else { return resealed }
            after = (try last.decode(String.self, "device_id"), try last.decode(String.self, "inquiry_id"))
            for row in rows {
                let deviceID = try row.decode(String.self, "device_id")
                let inquiryID = try row.decode(String.self, "inquiry_id")
                let stored = try row.decode(String.self, "inquiry_token")
                let context = Self.context(deviceID: deviceID, inquiryID: inquiryID)
                guard
                    let token = SecretSealer.isSealed(stored)
                        ? try? sealer.openString(stored, context: context) : stored
                else { continue }
                let sealed = try sealer.seal(token, context: context)
                resealed += try await database.execute(
                    """
                    UPDATE inquiry_device_inquiries SET inquiry_token = \(sealed)
                    WHERE device_id = \(deviceID) AND inquiry_id = \(inquiryID) AND inquiry_token = \(stored)
                    """)
            }
        }
    }
}
