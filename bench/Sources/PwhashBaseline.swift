import CSodium
import Foundation
import Synchronization

/// The baseline of the sign-in benchmark: raw `crypto_pwhash` (Argon2id13) with the ceremony's parameters,
/// looped on `threads` threads of its own. Counts the hashes that finish inside the window.
enum PwhashBaseline {
    /// The hashes that `threads` threads finish inside `window`, and in all (warm-up and the last ones too).
    static func hashes(
        threads: Int, opsLimit: UInt64, memLimit: Int, length: Int, window: MeasurementWindow
    ) async throws -> (counted: Int, total: Int) {
        guard sodium_init() >= 0 else { throw BenchError("sodium_init failed") }
        let counted = Mutex((inWindow: 0, total: 0))
        let failed = Mutex(false)
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                defer { group.leave() }
                let password = Array("bench-Password-\(thread)".utf8).map { CChar(bitPattern: $0) }
                var salt = [UInt8](repeating: 0, count: crypto_pwhash_saltbytes())
                randombytes_buf(&salt, salt.count)
                var out = [UInt8](repeating: 0, count: length)
                var count = 0
                var total = 0
                while ContinuousClock.now < window.end {
                    let rc = crypto_pwhash(
                        &out, UInt64(length), password, UInt64(password.count), salt, opsLimit, memLimit,
                        crypto_pwhash_ALG_ARGON2ID13)
                    guard rc == 0 else {
                        failed.withLock { $0 = true }
                        return
                    }
                    total += 1
                    if window.contains(.now) { count += 1 }
                }
                counted.withLock {
                    $0.inWindow += count
                    $0.total += total
                }
            }.start()
        }
        // The threads block; this task waits for them without holding a thread of the cooperative pool.
        await withCheckedContinuation { continuation in group.notify(queue: .global()) { continuation.resume() } }
        if failed.withLock({ $0 }) { throw BenchError("crypto_pwhash failed (out of memory?)") }
        return counted.withLock { ($0.inWindow, $0.total) }
    }
}

/// The span in which completions are counted: it opens after a warm-up, so every worker is busy by then.
struct MeasurementWindow: Sendable {
    let start: ContinuousClock.Instant
    let end: ContinuousClock.Instant

    init(warmUp: Duration, length: Duration) {
        start = .now + warmUp
        end = start + length
    }

    func contains(_ instant: ContinuousClock.Instant) -> Bool { instant >= start && instant < end }
}
