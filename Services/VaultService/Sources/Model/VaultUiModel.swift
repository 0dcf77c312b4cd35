import Bus
import FolioModel
import WireModel

/// VaultStore's state (spec "State"). Wire: `{records, folders, busy, error?, sync, sharing}`.
public struct VaultUiModel: WireValue, WireDescribed {
    public var records: [VaultRecord]
    public var folders: [VaultFolder]
    /// At least one Sync, Write or Share action is running.
    public var busy: Bool
    public var error: VaultErrorView?
    public var sync: DocSyncStatus
    public var sharing: SharingView

    public init(
        records: [VaultRecord] = [], folders: [VaultFolder] = [], busy: Bool = false, error: VaultErrorView? = nil,
        sync: DocSyncStatus = DocSyncStatus(), sharing: SharingView = SharingView()
    ) {
        self.records = records
        self.folders = folders
        self.busy = busy
        self.error = error
        self.sync = sync
        self.sharing = sharing
    }

    public var json: JSONValue {
        Self.json(
            records: records.map { $0.json }, folders: folders.map { $0.json }, busy: busy, error: error, sync: sync,
            sharing: sharing)
    }

    /// The wire shape, from records and folders already in theirs.
    public static func json(
        records: [JSONValue], folders: [JSONValue], busy: Bool, error: VaultErrorView?, sync: DocSyncStatus,
        sharing: SharingView
    ) -> JSONValue {
        Wire.object([
            "records": .array(records), "folders": .array(folders), "busy": .bool(busy), "error": error?.json,
            "sync": sync.json, "sharing": sharing.json,
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "records": .array(VaultRecord.ref), "folders": .array(VaultFolder.ref),
                "busy": JSONSchema.boolean.described("At least one Sync, Write or Share action is running."),
                "error": JSONSchema.ref(VaultErrorView.wireName).described(
                    "The error of the last failed action, or of the last read of the vault."),
                "sync": DocSyncStatus.ref, "sharing": SharingView.ref,
            ], required: ["records", "folders", "busy", "sync", "sharing"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(
            json, path: path, fields: ["records", "folders", "busy", "error", "sync", "sharing"])
        self.init(
            records: try object.array("records", maxCount: .max), folders: try object.array("folders", maxCount: .max),
            busy: try object.bool("busy"), error: try object.optionalValue("error"), sync: try object.value("sync"),
            sharing: try object.value("sharing"))
    }
}
