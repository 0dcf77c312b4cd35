import Bus
import FolioModel

/// What goes out on `folio.events.session.<runtimeId>` after every change of a runtime's session: the
/// SessionUiModel's fields plus Folio's session id, so the runtime's stores can follow it, and after a
/// sign-in the identity it replaced (`previousIdentity`), so the vault can copy a transient vault.
enum SessionAnnouncement {
    static func payload(_ model: SessionUiModel, folioSessionID: String?, previousIdentity: JSONValue? = nil) -> [UInt8]
    {
        var members = model.json.objectValue ?? [:]
        members["folioSessionId"] = folioSessionID.map(JSONValue.string) ?? .null
        if let previousIdentity { members["previousIdentity"] = previousIdentity }
        return JSONValue.object(members).serialized()
    }

    static func parse(_ payload: [UInt8]) -> (model: SessionUiModel, folioSessionID: String?)? {
        guard let json = try? JSONParser.parse(payload), let identity = json["identity"], let status = json["status"],
            let model = try? SessionUiModel(json: ["identity": identity, "status": status], path: "session")
        else { return nil }
        return (model, json["folioSessionId"]?.stringValue)
    }
}
