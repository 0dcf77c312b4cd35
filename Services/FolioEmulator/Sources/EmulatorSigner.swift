import Crypto
import FolioModel
import Synchronization

/// The emulator's Ed25519 signing keys: signs compact JWS (EdDSA, header with `kid`) with the newest
/// key and publishes all of them at `GET /.well-known/jwks.json`.
///
/// In test mode a rotation derives the next seed from the previous one, so keys stay reproducible;
/// in live mode it draws a random key.
public final class EmulatorSigner: Sendable {
    private struct Key: Sendable {
        let kid: String
        let privateKey: Ed25519.PrivateKey
    }

    private static let rotationContext = Array("folio-emulator-key-rotation".utf8)

    private let keys: Mutex<[Key]>
    private let mode: EmulatorMode

    /// Creates the signer with one key from `seed` (32 bytes).
    public init(seed: [UInt8], mode: EmulatorMode) throws(EmulatorError) {
        self.mode = mode
        keys = Mutex([try Self.key(seed: seed)])
    }

    /// The key id of an Ed25519 public key: `emu-` and 16 hex digits of its BLAKE2b hash.
    public static func keyID(for publicKey: Ed25519.PublicKey) -> String {
        let digest = (try? BLAKE2b.hash(publicKey.bytes, length: 16)) ?? publicKey.bytes
        return "emu-" + Hex.encode(Array(digest.prefix(8)))
    }

    /// The id of the key new signatures use.
    public var currentKeyID: String {
        keys.withLock { $0[$0.count - 1].kid }
    }

    /// Every key, oldest first, as a JWK Set.
    public var jwks: JWKSet {
        JWKSet(
            keys: keys.withLock { keys in
                keys.map { JWK(publicKey: $0.privateKey.publicKey, kid: $0.kid) }
            })
    }

    /// Signs `payload` with the current key; the header is `{"alg":"EdDSA","kid":...,"typ":type}`.
    public func sign(payload: [UInt8], type: String? = "JWT") throws(EmulatorError) -> String {
        let key = keys.withLock { $0[$0.count - 1] }
        var header: JSONObject = ["alg": .string(JWS.algorithm), "kid": .string(key.kid)]
        if let type { header["typ"] = .string(type) }
        do {
            return try JWS.sign(
                payload: payload, protectedHeader: JSONValue.object(header).jsonString, key: key.privateKey)
        } catch {
            throw .signingFailed("\(error)")
        }
    }

    /// Signs a JWT whose claims are `claims` (serialized with sorted keys).
    public func sign(claims: JSONValue) throws(EmulatorError) -> String {
        try sign(payload: claims.serialized(), type: "JWT")
    }

    /// Adds a new current key (the old ones stay published) and returns its key id.
    @discardableResult
    public func rotate() throws(EmulatorError) -> String {
        let mode = self.mode
        // Derived under the lock so that concurrent rotations never derive the same key twice.
        return try keys.withLock { (keys: inout [Key]) throws(EmulatorError) -> String in
            let seed: [UInt8]
            if mode == .test {
                do {
                    seed = try BLAKE2b.hash(
                        keys[keys.count - 1].privateKey.seed, key: Self.rotationContext,
                        length: Ed25519.seedLength)
                } catch {
                    throw .signingFailed("cannot derive the next key: \(error)")
                }
            } else {
                seed = Random.bytes(Ed25519.seedLength)
            }
            let key = try Self.key(seed: seed)
            keys.append(key)
            return key.kid
        }
    }

    private static func key(seed: [UInt8]) throws(EmulatorError) -> Key {
        do {
            let privateKey = try Ed25519.PrivateKey(seed: seed)
            return Key(kid: keyID(for: privateKey.publicKey), privateKey: privateKey)
        } catch {
            throw .signingFailed("invalid signing seed: \(error)")
        }
    }
}
