import FolioModel
import XCTest

/// Spec "DocumentSettings": settings belong to the account that writes them; every account that can see a
/// record keeps its own settings for it, and nobody else sees them.
extension FoundationStackTests {
    /// Signs omar in on a runtime of his own (a one-time code, the new device approved when asked), with his
    /// vault mounted and its first pass done.
    func omarsVault() async throws -> (token: String, vault: String) {
        let runtime = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(runtime["result"]?["token"]?.stringValue)
        let mounted = try await rpc("auth.mount", token: token)
        let auth = try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue)
        try await dispatch(auth, signIn(email: "omar@example.org"), token: token)
        _ = try await settled(auth, token: token)
        try await dispatch(auth, ["type": "SELECT_ALTERNATIVE", "value": ["method": ["type": "OTP"]]], token: token)
        _ = try await follow(auth, token: token) { $0["flow"]?["value"]?["phase"]?["type"] == "OTP" }
        try await dispatch(auth, answer("OTP", try await admin.lastCode(to: "omar@example.org")), token: token)
        var flow = try await settled(auth, token: token)
        if flow["value"]?["phase"]?["type"] == "DEVICE_APPROVAL" {
            let challenge = try XCTUnwrap(flow["value"]?["phase"]?["value"]?["challengeId"]?.stringValue)
            let ack = try await admin.approveDevice(challengeId: challenge)
            try await dispatch(
                auth,
                [
                    "type": "COMPLETE_DEVICE_LINK",
                    "value": ["challengeId": .string(challenge), "transferAck": .string(ack)],
                ],
                token: token)
            flow = try await settled(auth, token: token)
        }
        XCTAssertEqual(flow["type"], "AUTHENTICATED", "\(flow)")
        let session = try await sessionStore(token: token)
        _ = try await follow(session, token: token) { $0["identity"]?["type"] == "AUTHENTICATED" }
        let vault = try await mountVault(token: token)
        _ = try await follow(vault, token: token) { $0["sync"]?["lastSyncedAt"] != nil }
        return (token, vault)
    }

    func settings(_ id: String, _ favorite: Bool, _ label: String) -> JSONValue {
        write([
            "type": "SET_SETTINGS",
            "value": ["id": .string(id), "settings": ["favorite": .bool(favorite), "label": .string(label)]],
        ])
    }

    func testTwoAccountsSettingsOfOneSharedRecordEachShowOnlyToTheAccountThatWroteThem() async throws {
        let (owner, ownerVault) = try await signedInVault()
        try await dispatch(ownerVault, create("note", #"{"shared":"settings"}"#), token: owner)
        let pushed = try await follow(ownerVault, token: owner) {
            self.records($0).contains { $0["header"]?["id"]?.stringValue?.hasPrefix("rec_") == true }
        }
        let id = try XCTUnwrap(records(pushed).first?["header"]?["id"]?.stringValue)
        let (recipient, recipientVault) = try await omarsVault()
        try await dispatch(
            ownerVault,
            [
                "type": "SHARE",
                "value": [
                    "value": [
                        "type": "INVITE",
                        "value": [
                            "recordId": .string(id), "email": "omar@example.org", "permission": "VIEW",
                        ],
                    ]
                ],
            ],
            token: owner)
        _ = try await follow(ownerVault, token: owner) {
            ($0["sharing"]?["outgoing"]?.arrayValue?.count ?? 0) > 0 && $0["busy"] == false
        }
        try await dispatch(recipientVault, ["type": "SYNC"], token: recipient)
        let incoming = try await follow(recipientVault, token: recipient) {
            ($0["sharing"]?["incoming"]?.arrayValue?.count ?? 0) > 0
        }
        let invite = try XCTUnwrap(incoming["sharing"]?["incoming"]?.arrayValue?.first)
        try await dispatch(
            recipientVault,
            ["type": "SHARE", "value": ["value": ["type": "ACCEPT", "value": ["inviteId": invite["id"] ?? nil]]]],
            token: recipient)
        try await dispatch(recipientVault, ["type": "SYNC"], token: recipient)
        _ = try await follow(recipientVault, token: recipient) {
            self.records($0).contains { $0["header"]?["id"]?.stringValue == id }
        }

        // Each account favourites and labels the record; the viewer may, though it cannot change the record.
        try await dispatch(ownerVault, settings(id, true, "chen's"), token: owner)
        try await dispatch(recipientVault, settings(id, false, "omar's"), token: recipient)
        func shown(_ model: JSONValue) -> JSONValue? {
            records(model).first { $0["header"]?["id"]?.stringValue == id }?["metadata"]?["settings"]
        }
        _ = try await follow(ownerVault, token: owner) {
            shown($0)?["label"] == "chen's" && $0["sync"]?["pending"] == 0
        }
        _ = try await follow(recipientVault, token: recipient) {
            shown($0)?["label"] == "omar's" && $0["sync"]?["pending"] == 0
        }
        // Both reached Folio; a fetch of each vault brings back its own settings only.
        try await dispatch(ownerVault, ["type": "SYNC"], token: owner)
        try await dispatch(recipientVault, ["type": "SYNC"], token: recipient)
        let ownerSync = versionsBeforeDispatch.withLock { $0[ownerVault] } ?? -1
        let recipientSync = versionsBeforeDispatch.withLock { $0[recipientVault] } ?? -1
        let ownerAfter = try await follow(ownerVault, token: owner, afterVersion: ownerSync) {
            $0["busy"] == false && $0["error"] == nil
        }
        let recipientAfter = try await follow(recipientVault, token: recipient, afterVersion: recipientSync) {
            $0["busy"] == false && $0["error"] == nil
        }
        XCTAssertEqual(shown(ownerAfter), ["favorite": true, "label": "chen's"], "\(ownerAfter)")
        XCTAssertEqual(shown(recipientAfter), ["favorite": false, "label": "omar's"], "\(recipientAfter)")
    }
}
