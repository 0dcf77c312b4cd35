import Crypto
import FolioModel
import Foundation
import HTTP
import Synchronization

/// `bench/run signin`: password sign-ins per second through the whole stack (HTTP → Gateway → NATS →
/// AuthService → Folio, PostgreSQL) against raw `crypto_pwhash` calls per second with the same parameters,
/// measured in the same run. Each sign-in derives one Argon2id proof, so a ratio near 1 means the ceremony
/// costs little beside its password hash. Prints JSON lines; the last is the summary with the ratio.
enum SigninBenchmark {
    struct Settings: Sendable {
        var gatewayURL: String
        var seconds: Double
        var warmUpSeconds: Double
        var clients: Int
        var rounds: Int
        var fixtures: SigninFixtures
        /// The stack's processes, to report CPU per sign-in; nil leaves those figures out.
        var cpu: ProcessCPU?
    }

    /// What the clients of the stack phase did.
    struct Tally: Sendable {
        var counted = 0
        var steps = SigninClient.Steps()
        var latencies: [Duration] = []
        var completed = 0
        var failures = 0
        var firstFailure: String?

        static func + (left: Tally, right: Tally) -> Tally {
            Tally(
                counted: left.counted + right.counted, steps: left.steps + right.steps,
                latencies: left.latencies + right.latencies, completed: left.completed + right.completed,
                failures: left.failures + right.failures, firstFailure: left.firstFailure ?? right.firstFailure)
        }
    }

    static func run(_ settings: Settings) async throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let limits = settings.fixtures.limits
        // The AuthService hashes on Crypto's PasswordHash pool; the baseline gets as many threads as that
        // pool lets run at once with these limits, so both sides may use the same cores.
        let pool = PasswordHash.workers
        let threads = max(1, min(pool.width, pool.budget / max(1, limits.memLimit)))
        let http = HTTPClient(configuration: .init(timeout: .seconds(60), maxConnections: settings.clients))
        let client = SigninClient(
            http: http, url: settings.gatewayURL, organizationID: SigninFixtures.organizationID)

        progress("checking one sign-in through the stack")
        try await checkOneSignIn(client, settings.fixtures)

        // Rounds of one baseline phase and one stack phase, in turns baseline first and stack first, so a
        // neighbour's load that comes and goes weighs on both sides alike. Every phase has the same window.
        var hashes = 0
        var tally = Tally()
        var roundRatios: [Double] = []
        var cpu = CPUAccount()
        for round in 1...settings.rounds {
            var roundHashes = 0
            var roundTally = Tally()
            for phase in BenchPhase.order(inRound: round) {
                if phase == .baseline {
                    progress("round \(round): raw crypto_pwhash on \(threads) threads for \(settings.seconds) s")
                    let before = ProcessCPU.ownTimes()
                    let done = try await PwhashBaseline.hashes(
                        threads: threads, opsLimit: limits.opsLimit, memLimit: limits.memLimit,
                        length: settings.fixtures.length, window: window(settings, warmUp: 0.5))
                    cpu.baseline = cpu.baseline + (ProcessCPU.ownTimes() - before)
                    cpu.baselineHashes += done.total
                    roundHashes = done.counted
                } else {
                    progress("round \(round): \(settings.clients) clients sign in for \(settings.seconds) s")
                    let before = settings.cpu?.sample() ?? [:]
                    let derivationsBefore = settings.cpu?.threadTimes(in: "auth", named: pool.threadName) ?? CPUTimes()
                    roundTally = await stack(client, settings)
                    let after = settings.cpu?.sample() ?? [:]
                    let derivationsAfter = settings.cpu?.threadTimes(in: "auth", named: pool.threadName) ?? CPUTimes()
                    for (name, spent) in ProcessCPU.spent(from: before, to: after) {
                        cpu.stackSeconds[name, default: 0] += spent
                    }
                    cpu.derivation = cpu.derivation + (derivationsAfter - derivationsBefore)
                    cpu.signins += roundTally.completed
                }
            }
            let ratio = roundHashes == 0 ? 0 : Double(roundTally.counted) / Double(roundHashes)
            roundRatios.append(ratio)
            print(
                roundLine(round, roundTally, hashes: roundHashes, ratio: ratio, threads: threads, settings).jsonString)
            hashes += roundHashes
            tally = tally + roundTally
        }

        guard tally.failures == 0 else {
            throw BenchError(
                "\(tally.failures) of \(tally.completed + tally.failures) sign-ins did not end AUTHENTICATED; first: "
                    + (tally.firstFailure ?? "?"))
        }
        guard tally.counted > 0, hashes > 0 else { throw BenchError("nothing finished inside the windows") }
        let measured = settings.seconds * Double(settings.rounds)
        let signins = Double(tally.counted) / measured
        let pwhash = Double(hashes) / measured
        var summary: JSONObject = [
            "bench": "signin", "ratio": rounded(signins / pwhash, 3), "signins_per_second": rounded(signins, 2),
            "pwhash_per_second": rounded(pwhash, 2), "signins_per_second_per_core": rounded(signins / Double(cores), 2),
            "keycloak_reference_per_vcpu": 15, "cores": .int(Int64(cores)), "target": 0.9,
            "baseline_threads": .int(Int64(threads)), "clients": .int(Int64(settings.clients)),
            "rounds": .int(Int64(settings.rounds)), "seconds_per_phase": .double(settings.seconds),
            "round_ratio_min": rounded(roundRatios.min() ?? 0, 3),
            "round_ratio_max": rounded(roundRatios.max() ?? 0, 3),
            "signins": .int(Int64(tally.counted)), "pwhashes": .int(Int64(hashes)), "failures": 0,
            "latency_ms_p50": percentile(tally.latencies, 0.5), "latency_ms_p95": percentile(tally.latencies, 0.95),
            "derivation": settings.fixtures.derivation,
        ]
        if settings.cpu != nil, cpu.signins > 0, cpu.baselineHashes > 0 {
            let perHash = cpu.baseline.total / Double(cpu.baselineHashes)
            var perSignin = cpu.stackSeconds.mapValues { rounded($0 / Double(cpu.signins) * 1000, 1) }
            let total = cpu.stackSeconds.values.reduce(0, +) / Double(cpu.signins)
            perSignin["total"] = rounded(total * 1000, 1)
            summary["cpu_ms_per_pwhash"] = rounded(perHash * 1000, 1)
            summary["cpu_ms_per_signin"] = .object(perSignin)
            summary["cpu_ratio"] = rounded(perHash / total, 3)
            // What cpu_ratio would be if the AuthService did nothing but its derivations, and the Gateway and
            // the emulator took no CPU: only nats-server, PostgreSQL and the client beside them.
            let derivation = cpu.derivation.total / Double(cpu.signins)
            let outside = ["nats", "postgres", "client"].reduce(0) { $0 + (cpu.stackSeconds[$1] ?? 0) }
            summary["derivation_cpu_ms_per_signin"] = rounded(derivation * 1000, 1)
            summary["cpu_ratio_without_ours"] = rounded(perHash / (derivation + outside / Double(cpu.signins)), 3)
            // The kernel's part of a hash: libsodium maps and populates the Argon2 memory for every hash, and
            // unmaps it after.
            summary["pwhash_kernel_share"] = rounded(cpu.baseline.system / max(cpu.baseline.total, 1e-9), 3)
            summary["derivation_kernel_share"] = rounded(cpu.derivation.system / max(cpu.derivation.total, 1e-9), 3)
        }
        print(JSONValue.object(summary).jsonString)
    }

    /// CPU seconds of the phases: the baseline's hashes, and the stack's processes (and the client) per name.
    struct CPUAccount {
        var baseline = CPUTimes()
        var baselineHashes = 0
        var stackSeconds: [String: Double] = [:]
        /// The CPU of the AuthService's PasswordHash threads over the stack phases.
        var derivation = CPUTimes()
        var signins = 0
    }

    /// One sign-in, and the session it leaves: the runtime's identity is the bench account's.
    private static func checkOneSignIn(_ client: SigninClient, _ fixtures: SigninFixtures) async throws {
        let (_, token) = try await client.signIn(email: fixtures.email(0), password: fixtures.password(0))
        let mounted = try await client.call("session.mount", token: token)
        guard let store = mounted["storeId"]?.stringValue else { throw BenchError("session.mount answered \(mounted)") }
        // The auth flow shows Authenticated before the session has switched (spec "Authentication": a switch
        // that fails moves the flow on to Failed), so the identity reaches SessionStore a moment later.
        func signedIn(_ state: JSONValue) -> Bool {
            state["model"]?["identity"]?["type"] == "AUTHENTICATED"
                && state["model"]?["identity"]?["value"]?["userId"] == "acct_bench_0"
        }
        let state = try await client.follow(store, token: token, until: signedIn)
        guard signedIn(state) else { throw BenchError("after the sign-in the session is \(state)") }
        try await client.shutDown(token: token)
    }

    /// `clients` tasks sign in one after another until the window closes; sign-ins that end inside it count.
    private static func stack(_ client: SigninClient, _ settings: Settings) async -> Tally {
        let window = window(settings, warmUp: settings.warmUpSeconds)
        let accounts = AccountTurns()
        return await withTaskGroup(of: Tally.self) { group in
            for _ in 0..<settings.clients {
                group.addTask {
                    var tally = Tally()
                    while ContinuousClock.now < window.end {
                        let index = accounts.next()
                        do {
                            let email = settings.fixtures.email(index)
                            var (steps, token) = try await client.signIn(
                                email: email, password: settings.fixtures.password(index))
                            let ended = ContinuousClock.now
                            try await client.shutDown(token: token)
                            steps.shutdown = .now - ended
                            tally.completed += 1
                            if window.contains(ended) {
                                tally.counted += 1
                                tally.steps = tally.steps + steps
                                tally.latencies.append(steps.signIn)
                            }
                        } catch {
                            tally.failures += 1
                            if tally.firstFailure == nil { tally.firstFailure = String(describing: error) }
                        }
                    }
                    return tally
                }
            }
            return await group.reduce(Tally(), +)
        }
    }

    private static func roundLine(
        _ round: Int, _ tally: Tally, hashes: Int, ratio: Double, threads: Int, _ settings: Settings
    ) -> JSONValue {
        func mean(_ total: Duration) -> JSONValue {
            tally.counted == 0 ? .null : milliseconds(total / tally.counted)
        }
        return [
            "bench": "signin-round", "round": .int(Int64(round)), "ratio": rounded(ratio, 3),
            "signins_per_second": rounded(Double(tally.counted) / settings.seconds, 2),
            "pwhash_per_second": rounded(Double(hashes) / settings.seconds, 2),
            "baseline_threads": .int(Int64(threads)),
            "clients": .int(Int64(settings.clients)), "failures": .int(Int64(tally.failures)),
            "latency_ms_p50": percentile(tally.latencies, 0.5),
            "mean_step_ms": [
                "runtime_create": mean(tally.steps.create), "auth_mount": mean(tally.steps.mount),
                "start_to_password_step": mean(tally.steps.start), "answer_to_authenticated": mean(tally.steps.answer),
                "runtime_shutdown": mean(tally.steps.shutdown),
            ],
        ]
    }

    private static func percentile(_ durations: [Duration], _ p: Double) -> JSONValue {
        let sorted = durations.sorted()
        guard !sorted.isEmpty else { return .null }
        return milliseconds(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))])
    }

    private static func window(_ settings: Settings, warmUp: Double) -> MeasurementWindow {
        MeasurementWindow(
            warmUp: .milliseconds(Int(warmUp * 1000)), length: .milliseconds(Int(settings.seconds * 1000)))
    }

    private static func milliseconds(_ duration: Duration) -> JSONValue {
        let (seconds, attoseconds) = duration.components
        return rounded(Double(seconds) * 1000 + Double(attoseconds) / 1e15, 1)
    }

    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("signin: \(message)\n".utf8))
    }
}

/// Hands the bench accounts out in turn, so concurrent clients sign in different people.
private final class AccountTurns: Sendable {
    private let turn = Mutex(0)

    func next() -> Int {
        turn.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
