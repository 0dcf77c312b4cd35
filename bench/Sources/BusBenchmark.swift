import Bus
import FolioModel
import Foundation
import Synchronization

/// `bench/run bus`: a JSON-RPC call over our bus against a raw libnats request/reply, same server, same
/// run, sequential and with 32 concurrent callers, in alternating rounds. Prints JSON lines; the last is the
/// summary with the ratio.
enum BusBenchmark {
    static func run(natsURL: String, seconds: Double, rounds: Int) async throws {
        let subject = "bench.bus.\(RandomID.base32(count: 8))"
        // Our connection first, so libnats is set up the way services set it up, for both sides.
        let serverBus = try await NATSBus.connect(
            .init(url: natsURL, name: "bench-server", access: try NATSAccess.fromEnvironment()))
        let raw = try RawNATSBaseline(url: natsURL, subject: subject + ".raw")
        let clientBus = try await NATSBus.connect(
            .init(url: natsURL, name: "bench-client", access: try NATSAccess.fromEnvironment()))
        let router = RPCRouter([
            RPCMethod(
                "bench.echo", summary: "echo", params: [RPCParam("echo", .string)],
                result: RPCResultDescriptor("echo", .any)
            ) { call in
                ["echo": call.params["echo"] ?? .null]
            }
        ])
        let subscription = try await serverBus.serve(router, subject: subject + ".ours")
        let client = BusClient(transport: clientBus)
        let payload = Array(#"{"id":1,"jsonrpc":"2.0","method":"bench.echo","params":{"echo":"ping"}}"#.utf8)

        // Warm up both paths.
        for _ in 0..<200 {
            _ = raw.request(payload)
            _ = try await client.call(subject + ".ours", "bench.echo", ["echo": "ping"])
        }

        // Rounds of one raw phase and one phase of ours, in `BenchPhase`'s order; a count's ratio pools its rounds.
        var summary: JSONObject = ["bench": "bus"]
        var ratios: [Double] = []
        for callers in [1, 32] {
            var rawCalls = 0.0
            var ourCalls = 0.0
            // This process's CPU seconds in each side's phases: both ends of every call run here.
            var rawCPU = 0.0
            var ourCPU = 0.0
            var roundRatios: [Double] = []
            for round in 1...rounds {
                var rawRate = 0.0
                var ourRate = 0.0
                for phase in BenchPhase.order(inRound: round) {
                    let cpuBefore = ProcessCPU.ownSeconds()
                    if phase == .baseline {
                        rawRate = rawThroughput(raw, payload: payload, callers: callers, seconds: seconds)
                        rawCPU += ProcessCPU.ownSeconds() - cpuBefore
                    } else {
                        ourRate = try await ourThroughput(
                            client, subject: subject + ".ours", callers: callers, seconds: seconds)
                        ourCPU += ProcessCPU.ownSeconds() - cpuBefore
                    }
                }
                rawCalls += rawRate * seconds
                ourCalls += ourRate * seconds
                roundRatios.append(ourRate / rawRate)
                let line: JSONValue = [
                    "bench": "bus-round", "callers": .int(Int64(callers)), "round": .int(Int64(round)),
                    "raw_per_second": .double(rawRate.rounded()), "ours_per_second": .double(ourRate.rounded()),
                    "ratio": rounded(ourRate / rawRate, 3),
                ]
                print(line.jsonString)
            }
            let ratio = ourCalls / rawCalls
            ratios.append(ratio)
            let measured = seconds * Double(rounds)
            summary["raw_per_second_\(callers)"] = .double((rawCalls / measured).rounded())
            summary["ours_per_second_\(callers)"] = .double((ourCalls / measured).rounded())
            summary["ratio_\(callers)"] = rounded(ratio, 3)
            summary["round_ratios_\(callers)"] = .array(roundRatios.map { rounded($0, 3) })
            // CPU per call moves less than the rates when neighbours load the host; nats-server's share is left out.
            let rawCPUPerCall = rawCPU / max(rawCalls, 1)
            let ourCPUPerCall = ourCPU / max(ourCalls, 1)
            summary["cpu_us_per_call_raw_\(callers)"] = rounded(rawCPUPerCall * 1e6, 1)
            summary["cpu_us_per_call_ours_\(callers)"] = rounded(ourCPUPerCall * 1e6, 1)
            summary["cpu_ratio_\(callers)"] = rounded(rawCPUPerCall / max(ourCPUPerCall, 1e-12), 3)
        }
        summary["ratio"] = rounded(ratios.min() ?? 0, 3)
        summary["rounds"] = .int(Int64(rounds))
        summary["seconds_per_phase"] = .double(seconds)
        // `ratio` is the lower of the two; each count has its own target.
        summary["target_1"] = 0.9
        summary["target_32"] = 1.0
        await subscription.cancel()
        print(JSONValue.object(summary).jsonString)
    }

    /// Raw requests per second with `callers` threads, each looping blocking requests.
    static func rawThroughput(_ raw: RawNATSBaseline, payload: [UInt8], callers: Int, seconds: Double) -> Double {
        let done = Mutex(0)
        let deadline = Date().addingTimeInterval(seconds)
        let group = DispatchGroup()
        for _ in 0..<callers {
            group.enter()
            Thread {
                var count = 0
                while Date() < deadline { if raw.request(payload) { count += 1 } }
                done.withLock { $0 += count }
                group.leave()
            }.start()
        }
        group.wait()
        return Double(done.withLock { $0 }) / seconds
    }

    /// Our calls per second with `callers` concurrent tasks.
    static func ourThroughput(_ client: BusClient, subject: String, callers: Int, seconds: Double) async throws
        -> Double
    {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    var count = 0
                    while ContinuousClock.now < deadline {
                        _ = try await client.call(subject, "bench.echo", ["echo": "ping"])
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        return Double(total) / seconds
    }
}
