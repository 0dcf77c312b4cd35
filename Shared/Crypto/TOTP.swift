/// Time-based one-time passwords (RFC 6238) as shown by authenticator apps.
///
/// The code for Unix time T is HOTP (RFC 4226) of the counter floor((T - t0) / period), computed
/// in 64-bit arithmetic so it stays correct after 2038.
public struct TOTP: Sendable, CustomStringConvertible {
    /// The HMAC hash function. Most authenticator apps support only `.sha1`.
    public enum Algorithm: Sendable, Equatable, Hashable {
        /// HMAC-SHA1, the RFC 6238 default and the only one every app supports.
        case sha1
        /// HMAC-SHA256.
        case sha256
        /// HMAC-SHA512.
        case sha512
    }

    /// Minimum secret length in bytes: RFC 4226 §4 R6 requires at least 128 bits.
    public static let minimumSecretLength = 16
    /// Length of a secret made by `generateSecret()`: 160 bits, as RFC 4226 recommends.
    public static let generatedSecretLength = 20

    /// Number of decimal digits in a code (6...8).
    public let digits: Int
    /// Length of a time step in seconds.
    public let period: Int
    /// The HMAC hash function.
    public let algorithm: Algorithm
    /// Unix time at which step 0 starts.
    public let t0: Int64
    private let secret: [UInt8]

    /// A generator for `secret`. Throws `CryptoError.invalidKeyLength` for a secret shorter than
    /// `minimumSecretLength` and `CryptoError.invalidLength` for `digits` outside 6...8 or a
    /// `period` below 1.
    public init(
        secret: [UInt8], digits: Int = 6, period: Int = 30, algorithm: Algorithm = .sha1, t0: Int64 = 0
    ) throws {
        guard secret.count >= Self.minimumSecretLength else { throw CryptoError.invalidKeyLength }
        guard (6...8).contains(digits), period > 0 else { throw CryptoError.invalidLength }
        self.secret = secret
        self.digits = digits
        self.period = period
        self.algorithm = algorithm
        self.t0 = t0
    }

    /// A fresh random `generatedSecretLength`-byte secret.
    public static func generateSecret() -> [UInt8] {
        Random.bytes(generatedSecretLength)
    }

    /// The zero-padded code for `unixTime` (seconds). Times before `t0` give the code of step 0.
    public func code(at unixTime: Int64) -> String {
        code(counter: counter(at: unixTime) ?? 0)
    }

    /// True when `code` is the code of the step holding `unixTime` or of one of the `window` steps
    /// before or after it (to allow for clock drift and typing time).
    ///
    /// Codes of the wrong length or with anything but ASCII digits are rejected. To stop a code
    /// from being used twice (RFC 6238 §5.2), use `matchingCounter` and remember the last step.
    public func verify(_ code: String, at unixTime: Int64, window: Int = 1) -> Bool {
        matchingCounter(for: code, at: unixTime, window: window) != nil
    }

    /// The time step whose code is `code`, searched as in `verify`, or nil when none matches or
    /// `unixTime` is before `t0`. A verifier should reject a step not greater than the last one
    /// it accepted for the same secret.
    ///
    /// Every step in the window is computed and compared in constant time, whether or not an
    /// earlier one matched. Keep `window` small: its cost is linear.
    public func matchingCounter(for code: String, at unixTime: Int64, window: Int = 1) -> UInt64? {
        let given = Array(code.utf8)
        guard given.count == digits, given.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        guard let current = counter(at: unixTime) else { return nil }
        let reach = UInt64(max(window, 0))
        let first = current >= reach ? current - reach : 0
        let last = current <= UInt64.max - reach ? current + reach : UInt64.max

        var match: UInt64?
        var step = first
        while true {
            let isEqual = ConstantTime.equals(Array(self.code(counter: step).utf8), given)
            if isEqual, match == nil {
                match = step
            }
            if step == last { break }
            step += 1
        }
        return match
    }

    /// An `otpauth://totp/...` URI for a QR code that authenticator apps scan.
    ///
    /// A non-zero `t0` cannot be expressed in the URI; apps assume 0.
    public func provisioningURI(issuer: String, account: String) -> String {
        let label = Self.percentEncode(issuer) + ":" + Self.percentEncode(account)
        return "otpauth://totp/\(label)?secret=\(Self.base32Encode(secret))"
            + "&issuer=\(Self.percentEncode(issuer))&digits=\(digits)&period=\(period)"
            + "&algorithm=\(algorithm.uriName)"
    }

    /// Never prints the secret.
    public var description: String {
        "TOTP(digits: \(digits), period: \(period), algorithm: \(algorithm.uriName), t0: \(t0))"
    }

    /// floor((T - t0) / period), or nil before `t0`.
    private func counter(at unixTime: Int64) -> UInt64? {
        guard unixTime >= t0 else { return nil }
        // The true difference lies in 0...UInt64.max, so the wrapped bit pattern is exact.
        let elapsed = UInt64(bitPattern: unixTime &- t0)
        return elapsed / UInt64(period)
    }

    /// HOTP (RFC 4226 §5.3): HMAC of the big-endian counter, then dynamic truncation.
    private func code(counter: UInt64) -> String {
        let message = (0..<8).map { UInt8(truncatingIfNeeded: counter >> UInt64(56 - 8 * $0)) }
        let mac: [UInt8]
        switch algorithm {
        case .sha1: mac = HMAC.sha1(key: secret, message: message)
        case .sha256: mac = HMAC.sha256(key: secret, message: message)
        case .sha512: mac = HMAC.sha512(key: secret, message: message)
        }
        // Every MAC here is at least 20 bytes, so offset + 3 (at most 18) is in range.
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let binary =
            UInt32(mac[offset] & 0x7f) << 24 | UInt32(mac[offset + 1]) << 16 | UInt32(mac[offset + 2]) << 8
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits {
            modulus *= 10
        }
        let text = String(binary % modulus)
        return String(repeating: "0", count: digits - text.count) + text
    }
}

extension TOTP.Algorithm {
    /// The `algorithm` parameter value of the otpauth URI.
    fileprivate var uriName: String {
        switch self {
        case .sha1: "SHA1"
        case .sha256: "SHA256"
        case .sha512: "SHA512"
        }
    }
}

extension TOTP {
    private static let base32Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// RFC 4648 base32 of `bytes`, upper case, without `=` padding (how apps show secrets).
    public static func base32Encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                out.append(base32Alphabet[Int(buffer >> UInt32(bits - 5) & 0x1f)])
                bits -= 5
            }
        }
        if bits > 0 {
            out.append(base32Alphabet[Int(buffer << UInt32(5 - bits) & 0x1f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes unpadded RFC 4648 base32 in either case. Throws `CryptoError.malformedBase32` for
    /// any other character (including `=`, spaces and `-`), an impossible length, or non-zero
    /// unused trailing bits.
    public static func base32Decode(_ text: String) throws -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count * 5 / 8)
        var buffer: UInt32 = 0
        var bits = 0
        for char in text.utf8 {
            let value: UInt8
            switch char {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = char - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = char - UInt8(ascii: "a")
            case UInt8(ascii: "2")...UInt8(ascii: "7"): value = char - UInt8(ascii: "2") + 26
            default: throw CryptoError.malformedBase32
            }
            buffer = buffer << 5 | UInt32(value)
            bits += 5
            if bits >= 8 {
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits - 8)))
                bits -= 8
            }
        }
        // Lengths of 1, 3 or 6 mod 8 characters leave 5 or more bits: no encoder produces them.
        guard bits < 5, buffer & ((1 << UInt32(bits)) - 1) == 0 else { throw CryptoError.malformedBase32 }
        return out
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters.
    private static func percentEncode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
