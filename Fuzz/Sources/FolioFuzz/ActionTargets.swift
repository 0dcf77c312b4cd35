import AuthService
import Bus
import DocumentReceiver
import FolioAPI
import FolioModel
import InquiryService
import StoreKit
import StoreKitTesting
import VaultService
import WireModel

/// Any bytes as the `action` of a store's Dispatch, read by the store's own `decodeAction` (what StoreHost runs on
/// every dispatched action): JSON that is not an action is refused with an error, and an action read writes back
/// as JSON that reads as the same action.
enum ActionDecoding {
    static func run<Reducer: StoreReducer>(_ reducer: Reducer.Type, _ bytes: [UInt8])
    where Reducer.Action: WireValue {
        guard let json = try? JSONParser.parse(bytes) else { return }
        guard let action = try? Reducer.decodeAction(json) else { return }
        let written = action.json
        let again: Reducer.Action
        do {
            again = try Reducer.decodeAction(written)
        } catch {
            FuzzCheck.fail("\(Reducer.self) refuses the JSON of an action it read: \(error)")
        }
        guard again == action else { FuzzCheck.fail("\(Reducer.self): an action changed on its way through JSON") }
        // What a store answers travels as serialized text: the written action must parse again too.
        guard (try? JSONParser.parse(written.serialized())) != nil else {
            FuzzCheck.fail("\(Reducer.self): the JSON of an action does not parse")
        }
    }
}

enum AuthActionTarget: FuzzTarget {
    static let name = "auth-action"
    static func run(_ bytes: [UInt8]) { ActionDecoding.run(AuthReducer.self, bytes) }
}

enum SessionActionTarget: FuzzTarget {
    static let name = "session-action"
    static func run(_ bytes: [UInt8]) { ActionDecoding.run(SessionReducer.self, bytes) }
}

enum InquiryActionTarget: FuzzTarget {
    static let name = "inquiry-action"
    static func run(_ bytes: [UInt8]) { ActionDecoding.run(InquiryReducer.self, bytes) }
}

enum VaultActionTarget: FuzzTarget {
    static let name = "vault-action"
    static func run(_ bytes: [UInt8]) { ActionDecoding.run(VaultReducer.self, bytes) }
}

enum DocumentListActionTarget: FuzzTarget {
    static let name = "document-list-action"
    static func run(_ bytes: [UInt8]) { ActionDecoding.run(DocumentListReducer.self, bytes) }
}

enum DocumentActionTarget: FuzzTarget {
    static let name = "document-action"
    static func run(_ bytes: [UInt8]) { ActionDecoding.run(DocumentReducer.self, bytes) }
}

enum ExampleActionTarget: FuzzTarget {
    static let name = "example-action"
    static func run(_ bytes: [UInt8]) { ActionDecoding.run(ExampleCounter.self, bytes) }
}
