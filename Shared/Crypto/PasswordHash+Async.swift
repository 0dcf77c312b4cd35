import Foundation

extension PasswordHash {
    /// Where the `async` calls run. Argon2 keeps a core busy for its whole run and holds `memLimit` bytes,
    /// so at most one hash per core runs at once, and at most 1 GiB of Argon2 memory between them (a
    /// SENSITIVE hash runs alone). Never the cooperative pool, whose threads must not block.
    public static let workers = BlockingWorkPool(
        label: "PasswordHash", width: ProcessInfo.processInfo.activeProcessorCount, budget: 1 << 30)

    /// Async form of `derive(password:salt:length:limits:)`, run on ``workers``.
    public static func derive(
        password: [UInt8], salt: [UInt8], length: Int, limits: Limits
    ) async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            workers.submit(cost: limits.memLimit) {
                continuation.resume(
                    with: Result {
                        try derive(password: password, salt: salt, length: length, limits: limits)
                    })
            }
        }
    }

    /// Async form of `hashString(password:limits:)`, run on ``workers``.
    public static func hashString(password: [UInt8], limits: Limits) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            workers.submit(cost: limits.memLimit) {
                continuation.resume(with: Result { try hashString(password: password, limits: limits) })
            }
        }
    }

    /// Async form of `verify(password:hashString:)`, run on ``workers``.
    public static func verify(password: [UInt8], hashString: String) async -> Bool {
        await withCheckedContinuation { continuation in
            workers.submit(cost: memoryCost(ofHashString: hashString) ?? workers.budget) {
                continuation.resume(returning: verify(password: password, hashString: hashString))
            }
        }
    }

    /// The bytes of memory a `$argon2id$v=19$m=<KiB>,t=..,p=..$...` string asks for; nil when unreadable.
    private static func memoryCost(ofHashString hashString: String) -> Int? {
        guard let parameters = hashString.split(separator: "$").first(where: { $0.hasPrefix("m=") }),
            let kibibytes = parameters.dropFirst(2).split(separator: ",").first.flatMap({ Int($0) }),
            kibibytes >= 0, kibibytes <= Int.max / 1024
        else { return nil }
        return kibibytes * 1024
    }
}
