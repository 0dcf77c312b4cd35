import FolioModel
import Foundation
import Postgres
import WireModel

/// What a save keeps before it writes to the vault (table `inquiry_identity_saves`), so that a save resumed by
/// another worker calls the mapper again with the same identity and existing body and compares the answer.
public struct IdentitySaveLog: Sendable {
    /// One save, as first prepared.
    struct Entry: Sendable, Equatable {
        var identity: VerifiedIdentity
        var existing: RecordContent?
        var recordId: String?
        var fingerprint: String
        var body: RecordContent
        var jwt: String
        /// Folio's file id of each artifact, by its wire name.
        var artifacts: [String: String]

        var json: JSONValue {
            Wire.object([
                "identity": identity.json, "existing": existing?.json, "recordId": recordId.map(JSONValue.string),
                "fingerprint": .string(fingerprint), "body": body.json, "jwt": .string(jwt),
                "artifacts": .object(artifacts.mapValues(JSONValue.string)),
            ])
        }

        init(
            identity: VerifiedIdentity, existing: RecordContent?, recordId: String?, fingerprint: String,
            body: RecordContent, jwt: String, artifacts: [String: String]
        ) {
            self.identity = identity
            self.existing = existing
            self.recordId = recordId
            self.fingerprint = fingerprint
            self.body = body
            self.jwt = jwt
            self.artifacts = artifacts
        }

        init(json: JSONValue) throws(WireDecodingError) {
            let fields = try WireObject(
                json, path: "save",
                fields: ["identity", "existing", "recordId", "fingerprint", "body", "jwt", "artifacts"])
            identity = try fields.value("identity")
            existing = try fields.optionalValue("existing")
            recordId = try fields.optionalText("recordId")
            fingerprint = try fields.text("fingerprint")
            body = try fields.value("body")
            jwt = try fields.text("jwt")
            var artifacts: [String: String] = [:]
            for (field, fileId) in try fields.required("artifacts").objectValue ?? [:] {
                artifacts[field] = fileId.stringValue ?? ""
            }
            self.artifacts = artifacts
        }
    }

    let database: PostgresPool

    public init(database: PostgresPool) {
        self.database = database
    }

    /// The entry kept for `saveKey`, if a worker prepared the save before.
    func entry(_ saveKey: String) async throws -> Entry? {
        let rows = try await database.query("SELECT entry FROM inquiry_identity_saves WHERE save_key = \(saveKey)")
        guard let row = rows.first else { return nil }
        let text = try row.decode(String.self, "entry")
        return try Entry(json: try JSONParser.parse(Array(text.utf8)))
    }

    /// Keeps `entry` unless an entry for `saveKey` is already there; the one kept.
    func keep(_ entry: Entry, saveKey: String) async throws -> Entry {
        let text = String(decoding: entry.json.serialized(), as: UTF8.self)
        _ = try await database.execute(
            """
            INSERT INTO inquiry_identity_saves (save_key, entry) VALUES (\(saveKey), \(text))
            ON CONFLICT (save_key) DO NOTHING
            """)
        return try await self.entry(saveKey) ?? entry
    }
}
