import Bus
import FolioAPI
import FolioModel
import StoreKit
import WireModel

/// The store kit's worked example, small enough to read in one sitting: a counter whose Echo action goes
/// through an effect and comes back as an event, and whose Frame action takes the runtime's queue the way
/// a preview frame does. Test support only (no service hosts it): tests exercise the kit with it over the
/// real bus.
public struct ExampleCounter: StoreReducer {
    public struct State: Sendable, Codable, Equatable {
        public var count: Int64
        public var pendingEchoes: Int64
        public var lastEcho: String?
        public var frames: Int64

        public init(count: Int64 = 0, pendingEchoes: Int64 = 0, lastEcho: String? = nil, frames: Int64 = 0) {
            self.count = count
            self.pendingEchoes = pendingEchoes
            self.lastEcho = lastEcho
            self.frames = frames
        }
    }

    /// The actions and the model on the wire (FolioAPI's `ExampleAction` and `ExampleModel`).
    public typealias Action = ExampleAction
    public typealias Model = ExampleModel

    public enum Event: Sendable, Equatable {
        case actionReceived(Action)
        case echoed(text: String)
    }

    public enum Effect: Sendable, Codable, Equatable {
        case echo(text: String)
    }

    public init() {}

    public static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> Action {
        do {
            return try Action(json: json, path: "action")
        } catch {
            throw error.invalidParams
        }
    }

    public static var contract: StoreContract? { ExampleStoreMethods.contract }

    /// Counted as open while its count is above 0 (as an InquiryStore is while its inquiry is under way), so the
    /// kit's tests see the open-stores metric move.
    public static func countsAsOpen(_ state: State) -> Bool { state.count > 0 }

    public static func lane(of action: Action) -> ActionLane {
        action == .frame ? .queued : .skipsQueue
    }

    public static func actionReceived(_ action: Action) -> Event { .actionReceived(action) }

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .actionReceived(.increment(let by)):
            state.count += by
            return []
        case .actionReceived(.echo(let text)):
            state.pendingEchoes += 1
            return [.echo(text: text)]
        case .actionReceived(.frame):
            state.frames += 1
            return []
        case .echoed(let text):
            state.pendingEchoes -= 1
            state.lastEcho = text
            return []
        }
    }

    public func model(of state: State) -> JSONValue {
        [
            "count": .int(state.count), "pending": .int(state.pendingEchoes),
            "lastEcho": state.lastEcho.map(JSONValue.string) ?? .null, "frames": .int(state.frames),
        ]
    }

    /// The effect runner, with its one dependency injected: how an echo travels (a bus call in the real
    /// stack, a closure in tests).
    public static func effects(echo: @escaping @Sendable (String) async -> String) -> EffectRunner<ExampleCounter> {
        { effect in
            switch effect {
            case .echo(let text): [.echoed(text: await echo(text))]
            }
        }
    }
}

extension ExampleCounter.Event: RequestAnswering {
    /// An echo carries no id of its own: every echo is request 0, and answers match the oldest one outstanding.
    public var answersRequest: UInt64? {
        if case .echoed = self { return 0 }
        return nil
    }
}

extension ExampleCounter.Effect: RequestCorrelated {
    public var requestID: UInt64? {
        switch self {
        case .echo: 0
        }
    }
}
