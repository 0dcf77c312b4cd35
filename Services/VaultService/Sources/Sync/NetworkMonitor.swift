import FolioClient
import Foundation

/// The VaultService's view of the network: whether Folio answers its health route. A hosted vault is
/// "offline" when Folio cannot be reached from the service; `unknown` until the first probe answers.
/// Stores observe it and sync when it comes back.
public actor NetworkMonitor {
    public typealias Observer = @Sendable (NetworkStatus) async -> Bool

    public private(set) var status: NetworkStatus = .unknown
    private var observers: [Int: Observer] = [:]
    private var nextObserver = 0
    private let probe: @Sendable () async -> Bool

    public init(probe: @escaping @Sendable () async -> Bool) {
        self.probe = probe
    }

    init(folio: FolioClient) {
        self.probe = {
            do {
                _ = try await folio.health()
                return true
            } catch {
                return false
            }
        }
    }

    /// Calls `observer` on every change; it answers false once it no longer wants them (its store closed).
    public func observe(_ observer: @escaping Observer) -> NetworkStatus {
        observers[nextObserver] = observer
        nextObserver += 1
        return status
    }

    /// Probes in a row that failed; one failure alone (a slow answer under load) does not make the vault
    /// offline.
    private var failedProbes = 0
    static let failuresToOffline = 2

    /// Probes once and tells the observers when the status changed.
    public func check() async {
        if await probe() {
            failedProbes = 0
            await set(.online)
        } else {
            failedProbes += 1
            if failedProbes >= Self.failuresToOffline || status == .unknown { await set(.offline) }
        }
    }

    func set(_ new: NetworkStatus) async {
        guard new != status else { return }
        status = new
        for (id, observer) in observers where !(await observer(new)) {
            observers[id] = nil
        }
    }

    /// Probes every `interval` until cancelled.
    nonisolated func run(every interval: Duration) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                await check()
                try? await Task.sleep(for: interval)
            }
        }
    }
}
