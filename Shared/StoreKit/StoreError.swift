import Bus
import FolioModel

/// Why a store member refused a call. `dispatch` throws only the first two (spec: "dispatch throws only
/// once the store itself is closed (unmounted) or the runtime has shut down").
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible, RPCErrorConvertible {
    private enum Base: Hashable, Sendable {
        case storeClosed
        case runtimeShutDown
        case unknownStore
        case snapshotNotEncodable(String)
    }

    private let base: Base

    public static let storeClosed = StoreError(base: .storeClosed)
    public static let runtimeShutDown = StoreError(base: .runtimeShutDown)
    /// A store id that does not exist here, or that belongs to another runtime: the two are not told apart.
    public static let unknownStore = StoreError(base: .unknownStore)
    /// The store's state or an unfinished effect did not encode into its snapshot; the store closed rather
    /// than run on without durability (see `StoreHostStateMachine`).
    public static func snapshotNotEncodable(_ reason: String) -> StoreError {
        StoreError(base: .snapshotNotEncodable(reason))
    }

    public var description: String {
        switch base {
        case .storeClosed: "the store is closed"
        case .runtimeShutDown: "the runtime has shut down"
        case .unknownStore: "no such store"
        case .snapshotNotEncodable(let reason): "the store's snapshot does not encode: \(reason)"
        }
    }

    public var rpcError: JSONRPCError {
        switch base {
        case .storeClosed: .folio(.storeClosed)
        case .runtimeShutDown: .folio(.runtimeShutDown)
        case .unknownStore: .folio(.unknownStore)
        case .snapshotNotEncodable: .internalError("the store's snapshot does not encode")
        }
    }
}
