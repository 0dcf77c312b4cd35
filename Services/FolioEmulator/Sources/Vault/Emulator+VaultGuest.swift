import Crypto
import FolioModel
import HTTP

/// Guest vaults: what Folio delivers to a device before its user signs in. A guest vault belongs to an
/// organization and a guest (the runtime's transient account id); it is read with guest access (the API key
/// plus `Folio-Organization-Id` and `Folio-Guest-Id`, no session), which never changes it.
extension Emulator {
    /// The guest's vault of a request with guest access, or nil when the request has none (it acts for a
    /// session). 400 for malformed or mixed headers, 404 ORGANIZATION_NOT_FOUND.
    func vaultGuestAccess(_ request: EmulatorRequest) throws(VaultFailure) -> VaultEnvironment? {
        let guest = request.http.headers["folio-guest-id"]
        let organization = request.http.headers["folio-organization-id"]
        guard guest != nil || organization != nil else { return nil }
        guard request.http.headers["folio-session-id"] == nil else {
            throw .invalidRequest("send Folio-Session-Id or guest access (Folio-Guest-Id), not both")
        }
        guard let guest, let organization else {
            throw .invalidRequest("guest access needs both Folio-Organization-Id and Folio-Guest-Id")
        }
        return try vaultEnvironment(organization: organization, guest: guest)
    }

    /// The environment of `guest`'s vault in `organization`.
    func vaultEnvironment(organization: String, guest: String) throws(VaultFailure) -> VaultEnvironment {
        guard VaultState.isGuestId(guest) else {
            throw .invalidRequest("a guest id is 1-128 characters of A-Z a-z 0-9 _ -")
        }
        do throws(APIError) {
            _ = try requireOrganization(organization)
        } catch {
            throw VaultFailure(error)
        }
        return VaultEnvironment(
            emulator: self, now: clock.now(),
            caller: VaultCaller(
                sessionId: "", accountId: VaultState.guestKey(organization: organization, guest: guest),
                organizationId: organization, email: "", guestId: guest))
    }

    /// The environment of an admin call on a stored record's owner: an account, or a guest vault.
    func vaultEnvironment(adminForOwner owner: String) throws(VaultFailure) -> VaultEnvironment {
        let parts = owner.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "guest" else { return try vaultEnvironment(adminFor: owner) }
        return try vaultEnvironment(organization: String(parts[1]), guest: String(parts[2]))
    }

    /// `GET /admin/vault/guests/{organizationId}/{guestId}`: what Folio keeps for a guest vault.
    func guestVaultStats(_ request: EmulatorRequest) -> HTTPResponse {
        vaultAnswer { () throws(VaultFailure) -> JSONValue in
            let env = try vaultEnvironment(
                organization: request.parameter("organizationId"), guest: request.parameter("guestId"))
            return try vault.perform(env) { state, env in state.guestStats(env) }
        }
    }

    /// `POST /admin/vault/guests/{organizationId}/{guestId}/records`: delivers a record to a guest vault, as
    /// Folio does when something reaches a device before sign-in. The body is sealed already (`ciphertext`,
    /// `wrappedKey`), or `payload` is sealed here to the guest's published box key and then forgotten.
    func deliverGuestVaultRecord(_ request: EmulatorRequest) -> HTTPResponse {
        vaultAnswer(status: 201) { () throws(VaultFailure) -> JSONValue in
            let env = try vaultEnvironment(
                organization: request.parameter("organizationId"), guest: request.parameter("guestId"))
            let fields = try VaultFields(request)
            if fields.has("payload") {
                let schema = try fields.schema()
                let version = try fields.version()
                let payload = try fields.string("payload", maxLength: VaultLimits.ciphertextBytes - 64)
                return try vault.perform(env) { state, env throws(VaultFailure) in
                    let sealed = try VaultGuestDelivery.seal(
                        payload, schema: schema, version: version, state.guestBoxKey(env), env)
                    return try state.deliver(sealed, env)
                }
            }
            let input = try VaultRecordInput(fields, defaultKind: .record)
            guard input.kind == .record, input.clientId == nil else {
                throw .invalidRequest("a delivery is a RECORD without clientId")
            }
            guard input.wrappedKey != nil else { throw .invalidRequest("wrappedKey is required") }
            return try vault.perform(env) { state, env throws(VaultFailure) in try state.deliver(input, env) }
        }
    }
}

extension VaultState {
    /// The vault key of a guest: never an account id (those have no `/`), and a guest id has none either.
    static func guestKey(organization: String, guest: String) -> String {
        "guest/\(organization)/\(guest)"
    }

    /// The id answers show for a vault key: a guest's id for a guest vault.
    static func publicAccountId(_ key: String) -> String {
        guard key.hasPrefix("guest/"), let slash = key.lastIndex(of: "/") else { return key }
        return String(key[key.index(after: slash)...])
    }

    static func isGuestId(_ id: String) -> Bool {
        (1...128).contains(id.utf8.count)
            && id.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "_" || scalar == "-"
            }
    }

    /// The box public key the guest published (409 VAULT_KEYS_REQUIRED before it did).
    func guestBoxKey(_ env: VaultEnvironment) throws(VaultFailure) -> [UInt8] {
        guard let published = keys[env.account], let key = try? Base64URL.decode(published.boxPublicKey) else {
            throw VaultFailure(
                status: 409, code: "VAULT_KEYS_REQUIRED",
                message: "the guest has published no vault keys yet: nothing can be sealed to it")
        }
        return key
    }

    /// Stores a delivered record in the guest's vault and announces it in the guest's feed.
    mutating func deliver(_ input: VaultRecordInput, _ env: VaultEnvironment) throws(VaultFailure) -> JSONValue {
        let record = try add(input, env)
        announce(record: record.id, to: [env.account])
        return view(record, for: env.account)
    }

    /// The counts of a guest vault (admin).
    func guestStats(_ env: VaultEnvironment) -> JSONValue {
        let live = (owned[env.account] ?? []).compactMap { records[$0] }.filter { $0.state != .purged }
        return [
            "organizationId": .string(env.caller.organizationId), "guestId": .string(env.caller.publicAccountId),
            "records": .int(Int64(live.count)), "feedSequence": .int(Int64(feedSequence(env.account))),
            "boxPublicKey": keys[env.account].map { .string($0.boxPublicKey) } ?? .null,
        ]
    }
}

/// How a delivery to a guest is sealed (docs/folio-api.md, "Guest vaults"), the sender's half of what the
/// VaultService opens: the body with a fresh record key (XChaCha20-Poly1305, additional data the parts
/// `folio-vault-body`, the guest id, the schema without its organization and the version, each as
/// `<UTF-8 length>:<bytes>`), the record key with `crypto_box_seal` to the guest's box public key.
enum VaultGuestDelivery {
    static func seal(
        _ payload: String, schema: String, version: Int64, _ boxPublicKey: [UInt8], _ env: VaultEnvironment
    ) throws(VaultFailure) -> VaultRecordInput {
        let localSchema = schema.split(separator: ":").last.map(String.init) ?? schema
        let parts = ["folio-vault-body", env.caller.publicAccountId, localSchema, String(version)]
        let additionalData = parts.flatMap { Array("\($0.utf8.count):".utf8) + Array($0.utf8) }
        let key = SymmetricKey.random()
        let body: [UInt8]
        let wrapped: [UInt8]
        do {
            body = try AEAD.seal(Array(payload.utf8), additionalData: additionalData, key: key)
            wrapped = try SealedBox.seal(key.bytes, to: boxPublicKey)
        } catch {
            throw .internalError("sealing the delivery failed: \(error)")
        }
        var input = VaultRecordInput(
            kind: .record, schema: schema, version: version, ciphertext: Base64URL.encode(body),
            ciphertextBytes: body.count)
        input.wrappedKey = Base64URL.encode(wrapped)
        return input
    }
}
