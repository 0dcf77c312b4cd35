import Foundation
import Lifecycle

// folio-bench NAME: one benchmark, JSON lines on standard output. `bench/run NAME` starts what it needs.
let arguments = CommandLine.arguments.dropFirst()
let environment = Lifecycle.Environment()
let seconds = Double(environment.string("FOLIO_BENCH_SECONDS", default: "3")) ?? 3
ShutdownSignal.ignoreBrokenPipes()

/// The sign-in benchmark's Folio fixtures; `signin-fixtures` and `signin` must see the same account count.
func signinFixtures() throws -> SigninFixtures {
    SigninFixtures(accounts: try environment.int("FOLIO_BENCH_ACCOUNTS", default: 64))
}

do {
    switch arguments.first {
    case "bus":
        try await BusBenchmark.run(
            natsURL: environment.string("FOLIO_NATS_URL", default: "nats://127.0.0.1:4222"), seconds: seconds)
    case "gateway-baseline":
        try await GatewayBaseline.serve(port: try environment.port("FOLIO_BENCH_PORT", default: 8181))
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
    default:
        FileHandle.standardError.write(
            Data(
                "usage: folio-bench bus | gateway-baseline | gateway-responder | signin-fixtures DIR | signin\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
}
