import Crypto
import FolioModel

/// The authenticator behind the fixture passkeys: each credential's Ed25519 key (COSE alg -8) is derived
/// from its id, so the emulator can both sign assertions (`POST /admin/passkeys/{id}/assert`) and check
/// them without keys in the fixtures.
/// Hashes are WebAuthn's SHA-256 (rpIdHash, and the hash of clientDataJSON under the signature).
enum PasskeyAuthenticator {
    private static let seedKey = Array("folio-emulator-passkey-v1".utf8)

    static func privateKey(_ credentialId: String) -> Ed25519.PrivateKey? {
        guard let seed = try? BLAKE2b.hash(Array(credentialId.utf8), key: seedKey, length: Ed25519.seedLength)
        else { return nil }
        return try? Ed25519.PrivateKey(seed: seed)
    }

    static func publicKey(_ credentialId: String) -> Ed25519.PublicKey? {
        privateKey(credentialId)?.publicKey
    }

    /// SHA-256, as WebAuthn hashes.
    static func hash(_ text: String) -> [UInt8] {
        hash(Array(text.utf8))
    }

    static func hash(_ bytes: [UInt8]) -> [UInt8] {
        SHA256.hash(bytes)
    }

    /// An assertion for `challenge`, shaped like the PASSKEY answer's value; `userHandle` (the owner's account
    /// id) is base64url-encoded like every binary WebAuthn field.
    static func assertion(credentialId: String, challenge: String, rpId: String, origin: String, userHandle: String)
        -> JSONValue?
    {
        guard let key = privateKey(credentialId) else { return nil }
        let clientData: JSONValue = [
            "type": "webauthn.get", "challenge": .string(challenge), "origin": .string(origin),
        ]
        let clientDataBytes = clientData.serialized()
        // rpIdHash, flags (user present + user verified), signature counter 0.
        let authenticatorData = hash(rpId) + [0x05, 0, 0, 0, 0]
        guard let signature = try? key.sign(authenticatorData + hash(clientDataBytes)) else { return nil }
        return [
            "credentialId": .string(credentialId), "clientDataJSON": .string(Base64URL.encode(clientDataBytes)),
            "authenticatorData": .string(Base64URL.encode(authenticatorData)),
            "signature": .string(Base64URL.encode(signature)),
            "userHandle": .string(Base64URL.encode(Array(userHandle.utf8))),
        ]
    }
}
