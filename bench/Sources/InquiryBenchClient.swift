import Bus
import FolioClient
import FolioModel
import HTTP
import StoreKit

/// A thin client of the inquiry benchmarks, straight on the services' bus subjects (the path behind the
/// Gateway): `runtime.create` on the AuthService, `inquiry.mount`, and the store members on the store's own
/// subject, with the runtime id in the params as the Gateway puts it.
struct InquiryBenchClient: Sendable {
    static let organizationID = "org-demo"

    let bus: BusClient
    /// The operator's side of Folio (the emulator), to create inquiries and their launch codes.
    let folio: FolioClient

    init(transport: any BusTransport, folioURL: String, folioAPIKey: String) {
        bus = BusClient(transport: transport, timeout: .seconds(30))
        folio = FolioClient(
            configuration: .init(baseURL: folioURL, apiKey: folioAPIKey),
            httpClient: HTTPClient(configuration: .init(timeout: .seconds(30), maxConnections: 16)))
    }

    /// Waits until `service.health` answers with the database reachable (at most `seconds`).
    func waitHealthy(_ service: String, seconds: Int = 60) async throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let health = try? await bus.call(
                BusSubjects.rpc(service), "\(service).health", [:], timeout: .seconds(2)),
                health["database"] == "ok"
            {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BenchError("\(service).health did not answer with the database reachable within \(seconds) s")
    }

    /// A new runtime of the demo organization; returns its id.
    func createRuntime() async throws -> String {
        let created = try await bus.call(
            BusSubjects.rpc("auth"), "runtime.create", ["organizationId": .string(Self.organizationID)])
        guard let id = created["runtimeId"]?.stringValue else { throw BenchError("runtime.create answered \(created)") }
        return id
    }

    /// Mounts an InquiryStore on the runtime; returns its store id.
    func mount(runtimeID: String) async throws -> String {
        let mounted = try await bus.call(
            BusSubjects.rpc("inquiry"), "inquiry.mount", ["runtimeId": .string(runtimeID)])
        guard let store = mounted["storeId"]?.stringValue else { throw BenchError("inquiry.mount answered \(mounted)") }
        return store
    }

    /// A new inquiry of `template` at Folio; returns its launch code.
    func createInquiry(template: String) async throws -> String {
        let created = try await folio.createInquiry(
            FolioInquiryCreate(organizationId: Self.organizationID, templateId: template),
            idempotencyKey: RandomID.base32(count: 20))
        return created.launchCode
    }

    /// The params of `store.dispatch` with `action`.
    static func dispatchParams(_ store: MountedBenchInquiry, _ action: JSONValue) -> JSONValue {
        ["storeId": .string(store.id), "runtimeId": .string(store.runtimeID), "action": action]
    }

    /// The params of `store.next` after `version`. A store that holds no model yet asks for the whole one
    /// (`delta: false`): `afterVersion` alone is no model a patch could apply to.
    static func nextParams(_ store: MountedBenchInquiry, after version: Int64, timeoutMs: Int64 = 10_000) -> JSONValue {
        var params: JSONObject = [
            "storeId": .string(store.id), "runtimeId": .string(store.runtimeID), "afterVersion": .int(version),
            "timeoutMs": .int(timeoutMs),
        ]
        if store.model == nil { params["delta"] = false }
        return .object(params)
    }

    /// One `store.dispatch` on `subject` (the store's own, or the baseline's); returns the raw result.
    func dispatch(_ subject: String, _ params: JSONValue) async throws -> JSONValue {
        try await bus.call(subject, "store.dispatch", params)
    }

    /// `store.state` of the store on `subject`.
    func state(_ subject: String, _ params: JSONValue) async throws -> VersionedModel {
        let state = try await bus.call(subject, "store.state", params)
        guard let version = state["version"]?.intValue, let model = state["model"] else {
            throw BenchError("store.state answered \(state)")
        }
        return VersionedModel(version: version, model: model)
    }

    /// One `store.next` on `subject`; returns the raw result (`{version, model}`, or a `ModelDelta` from the
    /// version held, which `MountedBenchInquiry.take` applies).
    func next(_ subject: String, _ params: JSONValue) async throws -> JSONValue {
        try await bus.call(subject, "store.next", params, timeout: .seconds(15))
    }

    /// Opens the store with a new launch code of `template` and follows it until its first step shows with
    /// no request running; returns the store at that version.
    func open(_ store: MountedBenchInquiry, template: String) async throws -> MountedBenchInquiry {
        let code = try await createInquiry(template: template)
        let open: JSONValue = [
            "type": "OPEN", "value": ["entry": ["type": "START", "value": ["launchCode": .string(code)]]],
        ]
        _ = try await dispatch(store.subject, Self.dispatchParams(store, open))
        var opened = store
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let next = try await next(store.subject, Self.nextParams(opened, after: opened.version))
            let model = try opened.take(next)
            if let failure = model["failure"] { throw BenchError("the inquiry did not open: \(failure)") }
            if model["inquiry"]?["stage"] != nil, model["loading"] == false { return opened }
        }
        throw BenchError("store \(store.id) did not show its first step within 60 s")
    }
}

/// A mounted InquiryStore as a benchmark client follows it.
struct MountedBenchInquiry: Sendable {
    let id: String
    let runtimeID: String
    /// The store's own subject (`folio.inquiry.store.<id>`).
    let subject: String
    var version: Int64 = -1
    /// The model of `version`, once one came.
    var model: JSONValue?

    init(id: String, runtimeID: String) throws {
        guard let storeID = StoreID(id) else { throw BenchError("\(id) is not a store id") }
        self.id = id
        self.runtimeID = runtimeID
        subject = BusSubjects.store(storeID)
    }

    /// Takes a `store.next` answer: its version and whole model (a `ModelDelta` applied to the model held);
    /// returns the model.
    mutating func take(_ answer: JSONValue) throws -> JSONValue {
        let held: JSONValue? = model.map { ["version": .int(version), "model": $0] }
        let whole = try JSONPatch.wholeModel(of: answer, holding: held)
        guard let newer = whole["version"]?.intValue, let newModel = whole["model"] else {
            throw BenchError("store.next answered \(answer)")
        }
        version = newer
        model = newModel
        return newModel
    }
}
