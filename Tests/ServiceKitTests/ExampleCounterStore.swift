import Bus
import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting

/// The store kit's example counter as a hosted store: a reducer, a dependency struct and this declaration
/// (docs/store-kit.md "Adding a store").
enum ExampleCounterStore: HostedStore {
    struct Dependencies: Sendable {
        /// How an echo travels (a bus call in a real service, a closure here).
        var echo: @Sendable (String) async -> String
        /// Called as a worker rebuilds a store from its snapshot; throwing fails the adoption.
        var restarting: @Sendable () async throws -> Void = {}
    }

    typealias Reducer = ExampleCounter
    static let kind = "example"
    static let service = StoreService.example
    static let mountSpec = ExampleStoreMethods.mount

    static func start(_ store: StoreContext<Void>, call: RPCCall, _ dependencies: Dependencies) async throws
        -> StoreStart<Self>
    {
        StoreStart(ExampleCounter(), ExampleCounter.State(count: call.value("initialCount")?.intValue ?? 0))
    }

    static func restart(_ store: StoreContext<Void>, _ dependencies: Dependencies) async throws -> StoreRestart<Self> {
        try await dependencies.restarting()
        return StoreRestart(ExampleCounter())
    }

    static func run(_ effect: ExampleCounter.Effect, in store: StoreContext<Void>, _ dependencies: Dependencies) async
        -> [ExampleCounter.Event]
    {
        switch effect {
        case .echo(let text): [.echoed(text: await dependencies.echo(text))]
        }
    }
}
