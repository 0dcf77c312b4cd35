/// SHA-1 (FIPS 180-4), in pure Swift because libsodium has none.
///
/// Only for interoperability where a standard demands it (HMAC-SHA1 in RFC 6238 TOTP). SHA-1 is
/// broken for collision resistance: never use it for signatures or content addressing.
public enum SHA1 {
    /// Digest length in bytes.
    public static let digestLength = 20
    /// Block length in bytes (what HMAC pads its key to).
    public static let blockLength = 64

    /// The 20-byte SHA-1 digest of `data`.
    public static func hash(_ data: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var schedule = [UInt32](repeating: 0, count: 80)

        let fullBlocks = data.count / blockLength
        data.withUnsafeBufferPointer { buffer in
            for block in 0..<fullBlocks {
                compress(&state, &schedule, buffer, offset: block * blockLength)
            }
        }

        // Padding: 0x80, zeros up to 56 mod 64, then the message length in bits as big-endian UInt64.
        var tail = Array(data[(fullBlocks * blockLength)...])
        tail.append(0x80)
        while tail.count % blockLength != blockLength - 8 {
            tail.append(0)
        }
        let bitLength = UInt64(data.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBufferPointer { buffer in
            for offset in stride(from: 0, to: buffer.count, by: blockLength) {
                compress(&state, &schedule, buffer, offset: offset)
            }
        }

        var digest = [UInt8]()
        digest.reserveCapacity(digestLength)
        for word in state {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// Folds the 64-byte block at `offset` into `state`; `schedule` is 80 words of scratch space.
    private static func compress(
        _ state: inout [UInt32], _ schedule: inout [UInt32], _ bytes: UnsafeBufferPointer<UInt8>, offset: Int
    ) {
        for t in 0..<16 {
            let i = offset + t * 4
            schedule[t] =
                UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8
                | UInt32(bytes[i + 3])
        }
        for t in 16..<80 {
            schedule[t] = rotateLeft(schedule[t - 3] ^ schedule[t - 8] ^ schedule[t - 14] ^ schedule[t - 16], 1)
        }

        var a = state[0]
        var b = state[1]
        var c = state[2]
        var d = state[3]
        var e = state[4]
        for t in 0..<80 {
            let f: UInt32
            let k: UInt32
            switch t {
            case 0..<20:
                f = (b & c) | (~b & d)
                k = 0x5A82_7999
            case 20..<40:
                f = b ^ c ^ d
                k = 0x6ED9_EBA1
            case 40..<60:
                f = (b & c) | (b & d) | (c & d)
                k = 0x8F1B_BCDC
            default:
                f = b ^ c ^ d
                k = 0xCA62_C1D6
            }
            let temp = rotateLeft(a, 5) &+ f &+ e &+ k &+ schedule[t]
            e = d
            d = c
            c = rotateLeft(b, 30)
            b = a
            a = temp
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
    }

    private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }
}
