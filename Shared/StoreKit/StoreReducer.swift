import Bus
import FolioAPI
import FolioModel

/// A store's logic as a pure function (DESIGN §3): no I/O, no clock reads, no randomness. Events are what
/// happened; effects are what to do next, run by the store's effect runner.
public protocol StoreReducer: Sendable {
    associatedtype State: Sendable & Codable & Equatable
    associatedtype Action: Sendable
    associatedtype Event: Sendable
    associatedtype Effect: Sendable & Codable & Equatable

    /// Reads an action in its wire shape; a malformed one is an Invalid params error.
    static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> Action

    /// Whether an action skips the runtime's action queue or waits in it.
    static func lane(of action: Action) -> ActionLane

    /// The event that receiving an action is.
    static func actionReceived(_ action: Action) -> Event

    func reduce(_ state: inout State, _ event: Event) -> [Effect]

    /// The UI model clients render, in its wire shape.
    func model(of state: State) -> JSONValue

    /// The schemas of the model and the actions (the OpenRPC document publishes them; reducer tests hold every
    /// model they reach to them).
    static var contract: StoreContract? { get }

    /// Whether a mounted store in `state` counts as open in the process's metrics (`folio_service_stores_open`):
    /// an inquiry under way. False by default.
    static func countsAsOpen(_ state: State) -> Bool
}

extension StoreReducer {
    /// Stores that publish no schema.
    public static var contract: StoreContract? { nil }

    /// Stores that count none of their states as open.
    public static func countsAsOpen(_ state: State) -> Bool { false }
}

/// How an action reaches its store (spec: "The runtime's action queue").
public enum ActionLane: Sendable, Equatable {
    /// Handled at once, in the order sent, ahead of queued actions, even when the queue is full.
    case skipsQueue
    /// Goes through the runtime's bounded queue; dropped (and dispatch still succeeds) when it is full.
    case queued
}

/// Runs one effect with the store's injected dependencies and answers with the events it produced.
public typealias EffectRunner<R: StoreReducer> = @Sendable (R.Effect) async -> [R.Event]
