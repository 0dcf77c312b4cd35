import Foundation
import HTTP
import Synchronization

/// Remembers the responses of creating POSTs by `Idempotency-Key`, so a retried request gets the first
/// response instead of creating twice.
///
/// Keys are global (not per route): the fingerprint covers method, path and canonical body, so the same
/// key on another request is a reuse. 5xx answers are not kept (the retry runs again). Entries expire
/// ``retention`` after the first use, measured on the emulator clock; expired entries are dropped at most
/// once per ``sweepInterval`` of that clock, so a call costs the same with 10 or 100,000 keys stored.
final class IdempotencyRecords: Sendable {
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
    static let sweepInterval: TimeInterval = 60

    private struct Entry {
        var fingerprint: [UInt8]
        var response: HTTPResponse?
        var firstUse: Date
    }

    private struct Entries {
        var byKey: [String: Entry] = [:]
        var lastSweep: Date?

        /// Drops expired entries when the clock moved a sweep interval (or backwards) since the last sweep.
        mutating func sweep(now: Date) {
            if let lastSweep, now >= lastSweep, now.timeIntervalSince(lastSweep) < IdempotencyRecords.sweepInterval {
                return
            }
            byKey = byKey.filter { now.timeIntervalSince($0.value.firstUse) < IdempotencyRecords.retention }
            lastSweep = now
        }
    }

    private let entries = Mutex(Entries())

    func begin(key: String, fingerprint: [UInt8], now: Date) -> Outcome {
        entries.withLock { store in
            store.sweep(now: now)
            guard let entry = store.byKey[key], now.timeIntervalSince(entry.firstUse) < Self.retention else {
                store.byKey[key] = Entry(fingerprint: fingerprint, response: nil, firstUse: now)
                return .proceed
            }
            guard entry.fingerprint == fingerprint else { return .reused }
            guard let response = entry.response else { return .inProgress }
            return .replay(response)
        }
    }

    /// Stores the response of a request that got ``Outcome/proceed``; a 5xx releases the key instead.
    func finish(key: String, response: HTTPResponse) {
        entries.withLock { store in
            if response.status >= 500 {
                store.byKey[key] = nil
            } else {
                store.byKey[key]?.response = response
            }
        }
    }
}
