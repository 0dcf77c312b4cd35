import Crypto
import FolioModel
import Foundation

/// The Folio side of the sign-in benchmark: an organization whose policy asks for a realistic derivation
/// (libsodium's INTERACTIVE Argon2id limits) and does not rate limit, with accounts of known passwords.
/// Written as one more fixtures file beside a copy of the emulator's own.
struct SigninFixtures: Sendable {
    static let organizationID = "org_bench"

    let accounts: Int
    let limits: PasswordHash.Limits
    let length: Int

    init(accounts: Int, limits: PasswordHash.Limits = .interactive, length: Int = 32) {
        self.accounts = max(1, accounts)
        self.limits = limits
        self.length = length
    }

    /// The `derivation` setting of the policy, as the emulator's fixtures spell it.
    var derivation: JSONValue {
        [
            "opsLimit": .int(Int64(limits.opsLimit)), "memLimit": .int(Int64(limits.memLimit)),
            "length": .int(Int64(length)),
        ]
    }

    func email(_ index: Int) -> String { "bench-\(index % accounts)@example.org" }
    func password(_ index: Int) -> String { "bench-Password-\(index % accounts)" }

    var document: JSONValue {
        // Folio's limits are lifted so the benchmark measures the ceremony, not the rate limiter: the
        // emulator's test clock stands still, so no start would ever leave the window.
        let policy: JSONValue = [
            "id": "policy_bench", "organizationId": .string(Self.organizationID), "derivation": derivation,
            "maxStarts": 1_000_000_000, "maxPasswordAttempts": 1_000_000_000, "lockoutSeconds": 1,
        ]
        let organization: JSONValue = [
            "id": .string(Self.organizationID), "name": "Sign-in benchmark", "allowedOrigins": [],
            "createdAt": "2025-01-01T00:00:00Z",
        ]
        let records: [JSONValue] = (0..<accounts).map { index in
            [
                "id": .string("acct_bench_\(index)"), "organizationId": .string(Self.organizationID),
                "email": .string(email(index)), "createdAt": "2025-01-01T00:00:00Z",
                "password": .string(password(index)),
            ]
        }
        return ["organizations": [organization], "authPolicies": [policy], "accounts": .array(records)]
    }

    /// Writes `bench-signin.json` into `directory`.
    func write(into directory: String) throws {
        let url = URL(fileURLWithPath: directory).appendingPathComponent("bench-signin.json")
        try Data(document.serialized()).write(to: url)
    }
}
