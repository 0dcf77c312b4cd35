import Foundation
import HTTP
import Synchronization

/// Remembers the responses of creating POSTs by `Idempotency-Key`, so a retried request gets the first
/// response instead of creating twice.
///
/// Keys are global (not per route): the fingerprint covers method, path and canonical body, so the same
/// key on another request is a reuse. 5xx answers are not kept (the retry runs again). Entries expire
/// ``retention`` after the first use, measured on the emulator clock.
final class IdempotencyStore: Sendable {
    enum Outcome {
        /// First use: run the request, then call ``finish(key:response:)``.
        case proceed
        /// Seen with the same fingerprint: answer with the stored response.
        case replay(HTTPResponse)
        /// Seen with another fingerprint.
        case reused
        /// The first request with this key has not finished yet.
        case inProgress
    }

    static let retention: TimeInterval = 24 * 60 * 60

    private struct Entry {
        var fingerprint: [UInt8]
        var response: HTTPResponse?
        var firstUse: Date
    }

    private let entries = Mutex<[String: Entry]>([:])

    func begin(key: String, fingerprint: [UInt8], now: Date) -> Outcome {
        entries.withLock { entries in
            entries = entries.filter { now.timeIntervalSince($0.value.firstUse) < Self.retention }
            guard let entry = entries[key] else {
                entries[key] = Entry(fingerprint: fingerprint, response: nil, firstUse: now)
                return .proceed
            }
            guard entry.fingerprint == fingerprint else { return .reused }
            guard let response = entry.response else { return .inProgress }
            return .replay(response)
        }
    }

    /// Stores the response of a request that got ``Outcome/proceed``; a 5xx releases the key instead.
    func finish(key: String, response: HTTPResponse) {
        entries.withLock { entries in
            if response.status >= 500 {
                entries[key] = nil
            } else {
                entries[key]?.response = response
            }
        }
    }
}
