import Bus
import Foundation
import Lifecycle
import VaultService

// folio-bench NAME: one benchmark, JSON lines on standard output. `bench/run NAME` starts what it needs.
let arguments = CommandLine.arguments.dropFirst()
let environment = Lifecycle.Environment()
/// The length of a phase; `bus` and `inquiry` run many short ones (`bench/run` passes the same defaults).
let defaultSeconds: Double = ["bus": 0.5, "inquiry": 0.25][String(arguments.first ?? "")] ?? 3
let seconds = Double(environment.string("FOLIO_BENCH_SECONDS", default: "\(defaultSeconds)")) ?? defaultSeconds
ShutdownSignal.ignoreBrokenPipes()

/// The sign-in benchmark's Folio fixtures; `signin-fixtures` and `signin` must see the same account count.
func signinFixtures() throws -> SigninFixtures {
    SigninFixtures(accounts: try environment.int("FOLIO_BENCH_ACCOUNTS", default: 64))
}

/// The thin client of the vault benchmarks: through the Gateway, or over the bus (`FOLIO_BENCH_VAULT_PATH`).
func vaultClient(connections: Int) async throws -> VaultBenchClient {
    let path = environment.string("FOLIO_BENCH_VAULT_PATH", default: "gateway")
    switch VaultBenchPath(rawValue: path) {
    case .gateway:
        return VaultBenchClient(
            gatewayURL: environment.string("FOLIO_BENCH_GATEWAY_URL", default: "http://127.0.0.1:8080/rpc"),
            connections: connections)
    case .bus:
        let bus = try await NATSBus.connect(
            .init(url: natsURL(), name: "bench-vault", access: try NATSAccess.fromEnvironment()))
        return VaultBenchClient(bus: bus)
    case nil:
        throw BenchError("FOLIO_BENCH_VAULT_PATH is \(path), not gateway or bus")
    }
}

func natsURL() -> String { environment.string("FOLIO_NATS_URL", default: "nats://127.0.0.1:4222") }

/// The bus client of the inquiry benchmarks, with the emulator for creating inquiries.
func inquiryClient() async throws -> InquiryBenchClient {
    InquiryBenchClient(
        transport: try await NATSBus.connect(
            .init(url: natsURL(), name: "bench-inquiry", access: try NATSAccess.fromEnvironment())),
        folioURL: environment.string("FOLIO_API_URL", default: "http://127.0.0.1:8090"),
        folioAPIKey: environment.string("FOLIO_API_KEY", default: "folio-emulator-test-key"))
}

func databaseURL() -> String {
    environment.string("FOLIO_DATABASE_URL", default: "postgresql://postgres@127.0.0.1:5432/postgres")
}

do {
    switch arguments.first {
    case "bus":
        try await BusBenchmark.run(
            natsURL: environment.string("FOLIO_NATS_URL", default: "nats://127.0.0.1:4222"), seconds: seconds,
            rounds: max(1, try environment.int("FOLIO_BENCH_ROUNDS", default: 18)))
    case "gateway-baseline":
        try await GatewayBaseline.serve(port: try environment.port("FOLIO_BENCH_PORT", default: 8181))
    case "gateway-floor":
        try await GatewayFloor.serve(
            port: try environment.port("FOLIO_BENCH_PORT", default: 8182),
            natsURL: environment.string("FOLIO_NATS_URL", default: "nats://127.0.0.1:4222"))
    case "gateway-responder":
        try await GatewayResponder.serve(
            natsURL: environment.string("FOLIO_NATS_URL", default: "nats://127.0.0.1:4222"))
    case "signin-fixtures":
        guard let directory = arguments.dropFirst().first else { throw BenchError("usage: signin-fixtures DIR") }
        try signinFixtures().write(into: directory)
    case "signin":
        let cores = ProcessInfo.processInfo.activeProcessorCount
        try await SigninBenchmark.run(
            .init(
                gatewayURL: environment.string("FOLIO_BENCH_GATEWAY_URL", default: "http://127.0.0.1:8080/rpc"),
                seconds: seconds, warmUpSeconds: 2,
                clients: max(1, try environment.int("FOLIO_BENCH_CLIENTS", default: 2 * cores)),
                rounds: max(1, try environment.int("FOLIO_BENCH_ROUNDS", default: 3)),
                fixtures: try signinFixtures(), cpu: ProcessCPU(environment.optionalString("FOLIO_BENCH_CPU_PIDS"))))
    case "vault-write":
        let clients = max(
            1, try environment.int("FOLIO_BENCH_CLIENTS", default: 2 * ProcessInfo.processInfo.activeProcessorCount))
        try await VaultWriteBenchmark.run(
            .init(
                client: try await vaultClient(connections: clients), databaseURL: databaseURL(), natsURL: natsURL(),
                poolSize: max(1, try environment.int("FOLIO_DB_POOL_SIZE", default: 4)), clients: clients,
                seconds: seconds, warmUpSeconds: 1,
                rounds: max(1, try environment.int("FOLIO_BENCH_ROUNDS", default: 3)),
                recordsPerVault: max(1, try environment.int("FOLIO_BENCH_VAULT_RECORDS", default: 100)),
                organizationID: "org_bluebank", cpu: ProcessCPU(environment.optionalString("FOLIO_BENCH_CPU_PIDS"))))
    case "vault-sync":
        try await VaultSyncBenchmark.run(
            .init(
                client: try await vaultClient(connections: 4), databaseURL: databaseURL(),
                keyEncryptionKey: try VaultKeyEncryptionKey.load(environment),
                emulatorURL: environment.string("FOLIO_API_URL", default: "http://127.0.0.1:8090"),
                adminKey: environment.string("FOLIO_EMULATOR_ADMIN_KEY", default: "folio-emulator-test-admin-key"),
                folioAPIKey: environment.string("FOLIO_API_KEY", default: "bench-api-key"),
                vaultPID: environment.optionalString("FOLIO_BENCH_VAULT_PID").flatMap { Int32($0) },
                records: max(1, try environment.int("FOLIO_BENCH_RECORDS", default: 10_000)),
                natsMaxPayload: environment.optionalString("FOLIO_BENCH_NATS_MAX_PAYLOAD").flatMap { Int($0) },
                organizationID: "org_bluebank", account: ("acct_chen", "chen.wei@example.net"),
                baselineAccounts: ["acct_dana", "acct_emil", "acct_fatima"], generatedAccount: "acct_bob",
                cpu: ProcessCPU(environment.optionalString("FOLIO_BENCH_CPU_PIDS"))))
    case "inquiry":
        let counts = try environment.string("FOLIO_BENCH_STORE_COUNTS", default: "1,100,1000").split(separator: ",")
            .map { text in
                guard let count = Int(text.trimmingCharacters(in: .whitespaces)), count > 0 else {
                    throw BenchError("FOLIO_BENCH_STORE_COUNTS: \(text) is not a positive count")
                }
                return count
            }
        try await InquiryBenchmark.run(
            .init(
                client: inquiryClient(), natsURL: natsURL(), storeCounts: counts.sorted(), seconds: seconds,
                rounds: max(1, try environment.int("FOLIO_BENCH_ROUNDS", default: 16)),
                template: environment.string("FOLIO_BENCH_TEMPLATE", default: "tmpl_simple"),
                fieldKey: environment.string("FOLIO_BENCH_FIELD", default: "name"),
                openConcurrency: max(1, try environment.int("FOLIO_BENCH_CLIENTS", default: 16)),
                cpu: ProcessCPU(environment.optionalString("FOLIO_BENCH_CPU_PIDS")),
                databaseURL: environment.optionalString("FOLIO_DATABASE_URL")))
    case "inquiry-memory":
        guard let pid = environment.optionalString("FOLIO_BENCH_INQUIRY_PID").flatMap({ Int32($0) }) else {
            throw BenchError("FOLIO_BENCH_INQUIRY_PID names no process")
        }
        try await InquiryMemoryBenchmark.run(
            .init(
                client: inquiryClient(), workerPID: pid,
                stores: max(1, try environment.int("FOLIO_BENCH_STORES", default: 100_000)),
                runtimes: max(1, try environment.int("FOLIO_BENCH_RUNTIMES", default: 1_000)),
                concurrency: max(1, try environment.int("FOLIO_BENCH_CLIENTS", default: 64)), settleSeconds: 3))
    case "scale":
        guard let phase = arguments.dropFirst().first, phase == "one" || phase == "two" else {
            throw BenchError("usage: scale one|two")
        }
        try await ScaleBenchmark.run(
            .init(
                client: inquiryClient(), phase: phase, workers: phase == "one" ? 1 : 2, seconds: seconds,
                clients: max(1, try environment.int("FOLIO_BENCH_CLIENTS", default: 16)),
                template: environment.string("FOLIO_BENCH_TEMPLATE", default: "tmpl_simple"),
                fieldKey: environment.string("FOLIO_BENCH_FIELD", default: "name"),
                cpu: ProcessCPU(environment.optionalString("FOLIO_BENCH_CPU_PIDS")),
                figuresPath: environment.string("FOLIO_BENCH_SCALE_FIGURES", default: "/tmp/folio-bench-scale.json")))
    case "capture":
        try CaptureBenchmark.run(seconds: seconds)
    case "documents":
        try await DocumentsBenchmark.run(
            folioURL: environment.string("FOLIO_API_URL", default: "http://127.0.0.1:58190"),
            apiKey: environment.string("FOLIO_API_KEY", default: "bench-api-key"),
            sessions: try environment.int("FOLIO_BENCH_SESSIONS", default: 10_000),
            pending: try environment.int("FOLIO_BENCH_PENDING", default: 100),
            minute: Double(environment.string("FOLIO_BENCH_MINUTE", default: "6")) ?? 6)
    default:
        FileHandle.standardError.write(
            Data(
                ("usage: folio-bench bus | gateway-baseline | gateway-floor | gateway-responder | signin-fixtures DIR | signin | "
                    + "vault-write | vault-sync | inquiry | inquiry-memory | scale one|two | capture | documents\n")
                    .utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
}
