import Crypto
import FolioModel
import Postgres

/// How a snapshot's state and pending effects are stored. Sealed, the `state` column holds
/// `{"sealed": "<sealed text>"}`, whose plaintext is `{"state": …, "pendingEffects": […]}`, bound to the store
/// id, and `pending_effects` holds `[]`. A row written before sealing holds both in clear and still reads.
enum SealedSnapshotBody {
    static func context(_ storeID: StoreID) -> String { "store_snapshots/\(storeID.rawValue)" }

    /// The `state` and `pending_effects` column values for a snapshot.
    static func columns(state: JSONValue, pendingEffects: [JSONValue], storeID: StoreID, sealer: SecretSealer?)
        throws -> (state: PostgresJSON, pending: PostgresJSON)
    {
        guard let sealer else {
            return (PostgresJSON(state.jsonString), PostgresJSON(JSONValue.array(pendingEffects).jsonString))
        }
        let body: JSONValue = ["state": state, "pendingEffects": .array(pendingEffects)]
        let sealed = try sealer.seal(body.serialized(), context: context(storeID))
        return (PostgresJSON((["sealed": .string(sealed)] as JSONValue).jsonString), PostgresJSON("[]"))
    }

    /// The state and pending effects of a stored row, sealed or not.
    static func read(
        state stateText: String, pendingEffects pendingText: String, storeID: StoreID, sealer: SecretSealer?
    )
        throws -> (state: JSONValue, pending: [JSONValue])
    {
        let state = try JSONParser.parse(stateText, maxDepth: 512)
        guard let sealed = sealedText(state) else {
            let pending = try JSONParser.parse(pendingText, maxDepth: 512)
            return (state, pending.arrayValue ?? [])
        }
        guard let sealer else {
            throw SecretSealerError("the snapshot of \(storeID.rawValue) is sealed, and no secrets key is configured")
        }
        let body = try JSONParser.parse(try sealer.open(sealed, context: context(storeID)), maxDepth: 514)
        guard let opened = body["state"], let pending = body["pendingEffects"]?.arrayValue else {
            throw SecretSealerError("the sealed snapshot of \(storeID.rawValue) has no state and pending effects")
        }
        return (opened, pending)
    }

    /// The sealed text of a stored state, nil for a state stored in clear.
    static func sealedText(_ state: JSONValue) -> String? {
        guard let members = state.objectValue, members.count == 1, let text = members["sealed"]?.stringValue,
            SecretSealer.isSealed(text)
        else { return nil }
        return text
    }
}
