import Foundation
import Lifecycle

// folio-bench NAME: one benchmark, JSON lines on standard output. `bench/run NAME` starts what it needs.
let arguments = CommandLine.arguments.dropFirst()
let environment = Lifecycle.Environment()
let seconds = Double(environment.string("FOLIO_BENCH_SECONDS", default: "3")) ?? 3
ShutdownSignal.ignoreBrokenPipes()
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
    default:
        FileHandle.standardError.write(Data("usage: folio-bench bus | gateway-baseline | gateway-responder\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("folio-bench: \(error)\n".utf8))
    exit(1)
}
