import Bus
import FolioAPI
import FolioModel

/// A bus event that a mounted store follows: the subscription made when the store starts and cancelled when it
/// closes, and what each event becomes for the store.
public struct EventFollow<Store: HostedStore>: Sendable {
    public typealias Reaction<Event> =
        @Sendable (Event, StoreHost<Store.Reducer>, StoreContext<Store.Local>) async -> [Store.Reducer.Event]

    let subscribe:
        @Sendable (any BusTransport, StoreHost<Store.Reducer>, StoreContext<Store.Local>) async throws
            -> any BusSubscription

    /// Events keyed by the store's runtime (`folio.events.session.<runtimeId>`).
    public static func runtimeKeyed<Event: BusEvent>(_ type: Event.Type, _ reaction: @escaping Reaction<Event>)
        -> EventFollow
    {
        EventFollow { transport, host, store in
            try await transport.subscribe(type, key: store.runtimeID, delivery: .serial) { [weak host] event in
                guard let host else { return }
                for reduced in await reaction(event, host, store) { await host.send(reduced) }
            }
        }
    }

    /// Events that every runtime shares one subject for, of which the store takes those of its runtime.
    public static func ofRuntime<Event: BusEvent>(
        _ type: Event.Type, runtimeID: @escaping @Sendable (Event) -> String, _ reaction: @escaping Reaction<Event>
    ) -> EventFollow {
        EventFollow { transport, host, store in
            try await transport.subscribe(type, delivery: .serial) { [weak host] event in
                guard let host, runtimeID(event) == store.runtimeID else { return }
                for reduced in await reaction(event, host, store) { await host.send(reduced) }
            }
        }
    }
}
