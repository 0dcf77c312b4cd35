import Crypto

/// The vault attachment id of an identity file: `AT_` and 26 base32 characters of SHA-256 over the save and
/// the artifact, so a save that resumes after an interruption names the same attachments.
enum IdentityAttachmentID {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    static func of(saveKey: String, field: ArtifactField) -> String {
        let digest = SHA256.hash(Array("\(saveKey)\n\(field.rawValue)".utf8))
        var characters: [UInt8] = []
        var buffer = 0
        var bits = 0
        for byte in digest where characters.count < 26 {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5, characters.count < 26 {
                bits -= 5
                characters.append(alphabet[(buffer >> bits) & 31])
            }
            buffer &= (1 << bits) - 1
        }
        return "AT_" + String(decoding: characters, as: UTF8.self)
    }
}
