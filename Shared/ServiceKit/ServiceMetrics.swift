import Bus
import FolioClient
import Metrics
import StoreKit

/// What one service process counts, served at `GET /metrics` on its metrics port (docs/operations.md
/// "Metrics"). Filled at the shared points every service goes through, so no service counts anything itself:
/// the RPC routers (calls per method), the store registry, runtimes and hosts (stores, effects, adoptions) and
/// FolioClient (Folio calls).
public final class ServiceMetrics: Sendable {
    /// Every metric of the process; `exposition()` renders it.
    public let registry = MetricsRegistry()
    let info: Gauge
    let calls: Counter
    let callDuration: Histogram
    let storesMounted: Gauge
    let storesOpen: Gauge
    let adoptions: Counter
    let effectsStarted: Counter
    let effectsPending: Gauge
    let actionsDropped: Counter
    let folioCalls: Counter
    let folioCallDuration: Histogram

    public init(service: String, worker: String) {
        info = registry.gauge(
            "folio_service_info", help: "Always 1: the service and worker this process is.",
            labels: ["service", "worker"])
        info.set(1, labels: [service, worker])
        ProcessMetrics.register(in: registry)
        calls = registry.counter(
            "folio_service_calls_total",
            help: "JSON-RPC calls this process answered (its service, internal and store subjects) by method and "
                + "outcome: ok or the error's snake-case name.",
            labels: ["method", "outcome"])
        callDuration = registry.histogram(
            "folio_service_call_duration_seconds",
            help: "How long this process took to answer a JSON-RPC call, by method (store.next includes its wait).",
            labels: ["method"])
        storesMounted = registry.gauge(
            "folio_service_stores_mounted", help: "Stores this process hosts and answers for now, by kind.",
            labels: ["kind"])
        storesOpen = registry.gauge(
            "folio_service_stores_open",
            help: "Mounted stores whose state counts as open, by kind: for inquiry, the open inquiries "
                + "(lifecycle STARTED).",
            labels: ["kind"])
        adoptions = registry.counter(
            "folio_service_store_adoptions_total",
            help: "Stores this process adopted from their snapshot because their worker was gone, by kind.",
            labels: ["kind"])
        effectsStarted = registry.counter(
            "folio_service_effects_total", help: "Effects the stores' reducers asked for, by store kind.",
            labels: ["kind"])
        effectsPending = registry.gauge(
            "folio_service_effects_pending",
            help: "The effect queue: effects asked for and not finished (waiting for their snapshot or running), "
                + "by store kind.",
            labels: ["kind"])
        actionsDropped = registry.counter(
            "folio_service_actions_dropped_total",
            help: "Queued actions dropped because their runtime's action queue was full, by store kind.",
            labels: ["kind"])
        folioCalls = registry.counter(
            "folio_service_folio_calls_total",
            help: "Calls to the Folio API by route and status class (2xx to 5xx, or timeout, unreachable, "
                + "connection_dropped, response_too_large, cancelled, error when there was no answer).",
            labels: ["route", "status"])
        folioCallDuration = registry.histogram(
            "folio_service_folio_call_duration_seconds",
            help: "How long calls to the Folio API took, by route (long polls include their wait).",
            labels: ["route"])
    }

    /// Shows the series of the kinds of store the service hosts at 0 from the start, so a scrape tells "none" from
    /// "not counted" (`folio_service_stores_open` appears once a store counts as open).
    public func hosting(kinds: [String]) {
        for kind in kinds {
            storesMounted.add(0, labels: [kind])
            effectsPending.add(0, labels: [kind])
            adoptions.touch(labels: [kind])
            effectsStarted.touch(labels: [kind])
            actionsDropped.touch(labels: [kind])
        }
    }

    /// The metrics in the Prometheus text exposition format (version 0.0.4).
    public func exposition() -> String { registry.exposition() }
}

extension ServiceMetrics: StoreObserver {
    public func rpcCallFinished(method: String, error: JSONRPCError?, duration: Duration) {
        calls.increment(labels: [method, error?.outcomeLabel ?? "ok"])
        callDuration.observe(duration, labels: [method])
    }

    public func storeMounted(kind: String) { storesMounted.add(1, labels: [kind]) }
    public func storeUnmounted(kind: String) { storesMounted.add(-1, labels: [kind]) }
    public func storeAdopted(kind: String) { adoptions.increment(labels: [kind]) }
    public func effectsStarted(kind: String, count: Int) { effectsStarted.increment(by: Double(count), labels: [kind]) }
    public func effectsPending(kind: String, delta: Int) { effectsPending.add(Double(delta), labels: [kind]) }
    public func storesOpen(kind: String, delta: Int) { storesOpen.add(Double(delta), labels: [kind]) }
    public func actionDropped(kind: String) { actionsDropped.increment(labels: [kind]) }
}

extension ServiceMetrics: FolioCallObserver {
    public func folioCallFinished(route: String, status: String, duration: Duration) {
        folioCalls.increment(labels: [route, status])
        folioCallDuration.observe(duration, labels: [route])
    }
}
