import Dispatch

extension PasswordHash {
    // One serial queue: Argon2 blocks its thread for up to seconds and may allocate up to 1 GiB,
    // so hashes run one at a time and never on the cooperative thread pool.
    private static let queue = DispatchQueue(label: "Crypto.PasswordHash")

    /// Async form of `derive(password:salt:length:limits:)`, run on a dedicated queue.
    public static func derive(
        password: [UInt8], salt: [UInt8], length: Int, limits: Limits
    ) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(
                    with: Result {
                        try derive(password: password, salt: salt, length: length, limits: limits)
                    })
            }
        }
    }

    /// Async form of `hashString(password:limits:)`, run on a dedicated queue.
    public static func hashString(password: [UInt8], limits: Limits) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try hashString(password: password, limits: limits) })
            }
        }
    }

    /// Async form of `verify(password:hashString:)`, run on a dedicated queue.
    public static func verify(password: [UInt8], hashString: String) async -> Bool {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: verify(password: password, hashString: hashString))
            }
        }
    }
}
