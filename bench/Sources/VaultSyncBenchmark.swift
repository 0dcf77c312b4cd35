import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import HTTP
import Postgres
import VaultService
import WireModel

/// `bench/run vault-sync`: a signed-in vault pushes `records` dirty records to Folio (the emulator) against the
/// emulator's raw bulk ingest of the same ciphertexts, in the same run; and the memory a mounted VaultStore
/// holding that many records costs the VaultService process.
enum VaultSyncBenchmark {
    struct Settings: Sendable {
        var client: VaultBenchClient
        var databaseURL: String
        var keyEncryptionKey: VaultKeyEncryptionKey
        var emulatorURL: String
        var adminKey: String
        /// The API key the emulator takes Folio calls with (the floor's pushes).
        var folioAPIKey: String
        /// The VaultService process, whose VmRSS is read before and after the mount.
        var vaultPID: Int32?
        var records: Int
        /// The bus's largest message, when the run raised it.
        var natsMaxPayload: Int?
        var organizationID: String
        /// The signed-in account that pushes, and the account the baseline ingests into (both in the
        /// emulator's fixtures, in `organizationID`).
        var account: (id: String, email: String)
        /// The accounts the baseline ingests into, one ingest each.
        var baselineAccounts: [String]
        /// The account the generated records go to.
        var generatedAccount: String
        /// The stack's processes, to report the CPU of the push, the rest of the pass and the ingests; nil leaves
        /// those figures out.
        var cpu: ProcessCPU?
    }

    /// Records of the guest vault mounted before the measured one.
    static let warmUpRecords = 100

    enum GuestMountPhase {
        /// The records are written; the store is not mounted yet.
        case filled
        /// The store shows them all, this long after its mount.
        case shown(JSONValue)
    }

    /// A new runtime's guest vault (it pushes nothing) filled with `records` records, then a VaultStore mounted
    /// on it and followed until it shows them all, then shut down; `phase` runs at each step.
    private static func mountGuestVault(
        records: Int, _ settings: Settings, _ repository: VaultRepository, _ database: PostgresPool,
        phase: (GuestMountPhase) async throws -> Void
    ) async throws {
        let client = settings.client
        let guest = try await client.createRuntime(organizationID: settings.organizationID)
        let guestAccount = try await accountID(runtimeID: guest.id, database)
        progress("writing \(records) records into a guest vault")
        _ = try await fill(repository, account: guestAccount, session: .transient, count: records)
        try await phase(.filled)
        progress("mounting a VaultStore on it")
        let mountStarted = ContinuousClock.now
        let store = try await client.mountVault(guest)
        var version: Int64 = -1
        _ = try await client.follow(store, guest, from: &version) { model in
            (model["records"]?.arrayValue?.count ?? 0) == records
        }
        try await phase(.shown(seconds(ContinuousClock.now - mountStarted)))
        try await client.shutDown(guest)
    }

    static func run(_ settings: Settings) async throws {
        let client = settings.client
        let database = PostgresPool(url: settings.databaseURL, size: 4)
        defer { Task { await database.close() } }
        let repository = VaultRepository(pool: database, keyEncryptionKey: settings.keyEncryptionKey)
        let admin = FolioEmulatorAdmin(
            baseURL: settings.emulatorURL, adminKey: settings.adminKey,
            httpClient: HTTPClient(configuration: .init(timeout: .seconds(300))))
        var summary: JSONObject = [
            "bench": "vault-sync", "records": .int(Int64(settings.records)), "target": 0.3,
            "target_rss_bytes_per_record": 2048,
            "payload_bytes": .int(Int64(VaultWriteBenchmark.payloadBytes)), "path": .string(client.path.rawValue),
        ]
        if let maxPayload = settings.natsMaxPayload { summary["nats_max_payload"] = .int(Int64(maxPayload)) }

        // Memory: a guest vault (it pushes nothing) filled beforehand, then mounted, once a small one was: what
        // the first mount of the service's life pages in (code, connections) is not a cost per record.
        progress("warming up: mounting a guest vault of \(Self.warmUpRecords) records")
        try await mountGuestVault(records: Self.warmUpRecords, settings, repository, database) { _ in }
        func perRecord(_ kib: Int) -> JSONValue { rounded(Double(kib) * 1024 / Double(settings.records), 0) }
        var memoryBefore: ProcessMemory?
        try await mountGuestVault(records: settings.records, settings, repository, database) { phase in
            switch phase {
            case .filled: memoryBefore = settings.vaultPID.flatMap(ProcessMemory.init(pid:))
            case .shown(let seconds):
                summary["mount_to_view_seconds"] = seconds
                // The view read that the mount's sync announcement starts may still run: let it end.
                try await Task.sleep(for: .seconds(2))
                if let before = memoryBefore, let after = settings.vaultPID.flatMap(ProcessMemory.init(pid:)) {
                    summary["vault_rss_kib_before_mount"] = .int(Int64(before.residentKiB))
                    summary["vault_rss_kib_after_mount"] = .int(Int64(after.residentKiB))
                    summary["vault_rss_growth_mib"] = rounded(Double(after.residentKiB - before.residentKiB) / 1024, 1)
                    summary["vault_rss_bytes_per_record"] = perRecord(after.residentKiB - before.residentKiB)
                    summary["vault_anonymous_bytes_per_record"] = perRecord(after.anonymousKiB - before.anonymousKiB)
                    summary["vault_file_bytes_per_record"] = perRecord(after.fileKiB - before.fileKiB)
                }
            }
        }

        // The push: a runtime whose session holds a Folio session of the account, `records` dirty records written
        // locally before its VaultStore is mounted, then the mount, whose session-start pass pushes them. (Written
        // while a store is mounted, a pass that starts meanwhile pushes part of them before the measured one.)
        let runtime = try await client.createRuntime(organizationID: settings.organizationID)
        let session = try await admin.createSession(accountId: settings.account.id)
        try await signIn(runtime: runtime.id, account: settings.account, folioSession: session.id, database)
        progress("writing \(settings.records) records into \(settings.account.id)'s vault")
        let written = try await fill(
            repository, account: settings.account.id, session: .authenticated, count: settings.records)
        summary["local_write_seconds"] = seconds(written)
        let before = try await admin.vaultAccount(id: settings.account.id).records
        guard before == 0 else { throw BenchError("Folio already holds \(before) records of \(settings.account.id)") }

        progress("mounting the VaultStore: its session-start pass pushes them to Folio")
        let cpuBeforePush = settings.cpu?.sample()
        let pushStarted = ContinuousClock.now
        let store = try await client.mountVault(runtime)
        var version: Int64 = -1
        while try await admin.vaultAccount(id: settings.account.id).records < settings.records {
            guard ContinuousClock.now - pushStarted < .seconds(900) else {
                throw BenchError("Folio did not get the records within 15 minutes")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let push = ContinuousClock.now - pushStarted
        let cpuAfterPush = settings.cpu?.sample()
        let model = try await client.follow(store, runtime, from: &version, seconds: 900) { model in
            if let error = model["error"], !error.isNull { throw BenchError("the sync failed: \(error)") }
            // The pass ends (Idle) before the store has read the view it announced: wait for the records too.
            return model["busy"] == false && model["sync"]?["pending"] == 0
                && model["sync"]?["phase"]?["type"] == "IDLE"
                && model["records"]?.arrayValue?.count == settings.records
        }
        let pass = ContinuousClock.now - pushStarted
        let cpuAfterPass = settings.cpu?.sample()
        let held = try await admin.vaultAccount(id: settings.account.id)
        guard held.records == settings.records, model["records"]?.arrayValue?.count == settings.records else {
            throw BenchError(
                "after the sync Folio holds \(held.records) records, the store shows \(client.summary(model))")
        }
        try await client.shutDown(runtime)

        // The baseline: the same ciphertexts, schema and version ingested for other accounts, in as few calls
        // as the emulator's 1 MiB request limit allows, once per account (it takes a fraction of a second, so
        // the median of those counts); and, for comparison, generated records of the same size in one call.
        let ingested = try await ciphertexts(account: settings.account.id, database)
        let batches = Self.batches(ingested, maxBytes: 900_000)
        var ingests: [Duration] = []
        let cpuBeforeIngests = settings.cpu?.sample()
        for account in settings.baselineAccounts {
            progress("baseline: the emulator ingests the same \(ingested.count) ciphertexts in \(batches.count) calls")
            let started = ContinuousClock.now
            var created = 0
            for batch in batches {
                created += try await admin.ingestVaultRecords(accountId: account, records: batch).count
            }
            ingests.append(ContinuousClock.now - started)
            guard created == settings.records else { throw BenchError("the ingest created \(created) records") }
        }
        let ingest = ingests.sorted()[ingests.count / 2]
        if let cpuBeforePush, let cpuAfterPush, let cpuAfterPass, let cpuBeforeIngests,
            let cpuAfterIngests = settings.cpu?.sample()
        {
            summary["cpu_seconds_push"] = cpuSpent(from: cpuBeforePush, to: cpuAfterPush)
            summary["cpu_seconds_rest_of_pass"] = cpuSpent(from: cpuAfterPush, to: cpuAfterPass)
            summary["cpu_seconds_ingest"] = cpuSpent(
                from: cpuBeforeIngests, to: cpuAfterIngests, over: settings.baselineAccounts.count)
        }
        summary["ingest_seconds_each"] = .array(ingests.map(seconds))

        // The floor: the least a push of these entries does (`VaultPushFloor`), as many rounds as ingests.
        let rounds = settings.baselineAccounts.count
        progress("floor: copying the \(settings.records) entries for \(rounds) pushes that do only what a push must")
        try await VaultPushFloor.prepare(rounds: rounds, account: settings.account.id, database)
        let floorSession = try await admin.createSession(accountId: settings.account.id)
        let folio = FolioClient(
            configuration: .init(baseURL: settings.emulatorURL, apiKey: settings.folioAPIKey),
            httpClient: HTTPClient(configuration: .init(timeout: .seconds(300), maxConnections: 4)))
        var floors: [Duration] = []
        let cpuBeforeFloors = settings.cpu?.sample()
        for round in 1...rounds {
            progress("floor: pushing the same \(settings.records) entries, round \(round)")
            floors.append(
                try await VaultPushFloor.run(
                    round: round, folio: folio.vault(sessionId: floorSession.id),
                    organization: settings.organizationID, database))
        }
        if let cpuBeforeFloors, let cpuAfterFloors = settings.cpu?.sample() {
            summary["cpu_seconds_floor"] = cpuSpent(from: cpuBeforeFloors, to: cpuAfterFloors, over: rounds)
        }
        let floor = floors.sorted()[floors.count / 2]
        summary["floor_seconds_each"] = .array(floors.map(seconds))
        let size = try Base64URL.decode(ingested.first?["ciphertext"]?.stringValue ?? "").count
        let generateStarted = ContinuousClock.now
        let generated = try await admin.ingestVaultRecords(
            accountId: settings.generatedAccount, count: settings.records, schema: "note", ciphertextBytes: size)
        let generate = ContinuousClock.now - generateStarted
        guard generated.count == settings.records else { throw BenchError("the ingest generated \(generated.count)") }
        summary["ingest_calls"] = .int(Int64(batches.count))
        summary["ingest_generated_seconds"] = seconds(generate)
        summary["ciphertext_bytes_per_record"] = .int(Int64(size))

        let pushSeconds = seconds(push).doubleValue ?? 0
        let ingestSeconds = seconds(ingest).doubleValue ?? 0
        summary["ratio"] = rounded(ingestSeconds / max(pushSeconds, 1e-9), 4)
        let floorSeconds = seconds(floor).doubleValue ?? 0
        summary["floor_seconds"] = seconds(floor)  // the median
        summary["floor_ratio"] = rounded(ingestSeconds / max(floorSeconds, 1e-9), 4)
        summary["of_floor"] = rounded(floorSeconds / max(pushSeconds, 1e-9), 4)
        summary["push_seconds"] = seconds(push)
        summary["sync_pass_seconds"] = seconds(pass)
        summary["ingest_seconds"] = seconds(ingest)  // the median
        summary["pushes_per_second"] = rounded(Double(settings.records) / pushSeconds, 1)
        summary["ingests_per_second"] = rounded(Double(settings.records) / ingestSeconds, 1)
        summary["ciphertext_bytes"] = .int(Int64(held.ciphertextBytes))
        print(JSONValue.object(summary).jsonString)
    }

    /// CPU seconds of each process tree between two samples, divided over `count` runs, and their total.
    private static func cpuSpent(from before: [String: Double], to after: [String: Double], over count: Int = 1)
        -> JSONValue
    {
        var figures: JSONObject = [:]
        var total = 0.0
        for (name, seconds) in ProcessCPU.spent(from: before, to: after).sorted(by: { $0.key < $1.key }) {
            let spent = seconds / Double(count)
            total += spent
            figures[name] = rounded(spent, 3)
        }
        figures["total"] = rounded(total, 3)
        return .object(figures)
    }

    /// The records in runs whose JSON stays under `maxBytes`.
    private static func batches(_ records: [JSONValue], maxBytes: Int) -> [[JSONValue]] {
        var batches: [[JSONValue]] = [[]]
        var bytes = 0
        for record in records {
            let size = record.serialized().count + 1
            if bytes + size > maxBytes, let last = batches.last, !last.isEmpty {
                batches.append([])
                bytes = 0
            }
            batches[batches.count - 1].append(record)
            bytes += size
        }
        return batches
    }

    /// `count` records of a 1 KiB payload written straight through the repository, 4 at a time.
    private static func fill(
        _ repository: VaultRepository, account: String, session: VaultSessionKind, count: Int
    ) async throws -> Duration {
        let started = ContinuousClock.now
        let writers = 4
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for index in stride(from: writer, to: count, by: writers) {
                        let content = RecordContent(
                            schema: "note", version: 1, payload: VaultWriteBenchmark.payload(index))
                        _ = try await repository.apply(.create(record: content), account: account, session: session)
                    }
                }
            }
            try await group.waitForAll()
        }
        return ContinuousClock.now - started
    }

    /// The guest account of a new runtime, as the AuthService recorded it.
    private static func accountID(runtimeID: String, _ database: PostgresPool) async throws -> String {
        let rows = try await database.query(
            "SELECT identity -> 'value' ->> 'accountId' AS account FROM runtime_sessions WHERE runtime_id = \(runtimeID)"
        )
        guard let account = try rows.first?.decode(String?.self, "account") else {
            throw BenchError("runtime \(runtimeID) has no guest session")
        }
        return account
    }

    /// Records the runtime's session as a sign-in would leave it: the account, signed in, with its Folio
    /// session (what the AuthService writes to `runtime_sessions` at the end of a ceremony).
    private static func signIn(
        runtime: String, account: (id: String, email: String), folioSession: String, _ database: PostgresPool
    ) async throws {
        let identity: JSONValue = [
            "type": "AUTHENTICATED", "value": ["userId": .string(account.id), "email": .string(account.email)],
        ]
        let updated = try await database.execute(
            """
            UPDATE runtime_sessions SET identity = \(PostgresJSON(identity.jsonString)), status = 'ACTIVE',
                folio_session_id = \(folioSession), updated_at = now()
            WHERE runtime_id = \(runtime)
            """)
        guard updated == 1 else { throw BenchError("runtime \(runtime) has no session row") }
    }

    /// What the account's vault stores, as ingest records: sealed body, schema, version, the local id as the
    /// client id. Read as the tables' owner (no row-level security for it).
    private static func ciphertexts(account: String, _ database: PostgresPool) async throws -> [JSONValue] {
        let rows = try await database.query(
            "SELECT id, schema, version, body FROM vault_entries WHERE account_id = \(account) ORDER BY id")
        return try rows.map { row in
            [
                "schema": .string(try row.decode(String.self, "schema")),
                "version": .int(try row.decode(Int64.self, "version")),
                "ciphertext": .string(Base64URL.encode(try row.decode([UInt8].self, "body"))),
                "clientId": .string(try row.decode(String.self, "id")),
            ]
        }
    }

    private static func seconds(_ duration: Duration) -> JSONValue {
        let (seconds, attoseconds) = duration.components
        return rounded(Double(seconds) + Double(attoseconds) / 1e18, 3)
    }

    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("vault-sync: \(message)\n".utf8))
    }
}

/// A process's resident memory (`/proc/<pid>/status`), in KiB: all of it, its anonymous memory (heap, stacks)
/// and the pages of the files it maps (code).
struct ProcessMemory {
    var residentKiB: Int
    var anonymousKiB: Int
    var fileKiB: Int

    init?(pid: Int32) {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/status") else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        func kib(_ field: String) -> Int? {
            lines.first { $0.hasPrefix(field) }.flatMap { $0.split(separator: " ").dropFirst().first }
                .flatMap { Int($0) }
        }
        guard let resident = kib("VmRSS:"), let anonymous = kib("RssAnon:"), let file = kib("RssFile:") else {
            return nil
        }
        (residentKiB, anonymousKiB, fileKiB) = (resident, anonymous, file)
    }
}
