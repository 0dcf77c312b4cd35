import FolioWire
import WireModel

/// A way to complete a step (spec "Alternatives"). `AwaitingInput.alternatives` lists the methods the person
/// may switch to with `SelectAlternative`. Folio's own enum: its wire shape `{type: 'PASSKEY'}` is the store
/// model's too. PASSKEY has no phase: selecting it shows the passkey dialog while the flow is Busy (spec
/// "Passkeys").
public typealias AuthMethod = FolioAuthMethod

extension FolioAuthMethod: WirePlainEnum {
    public var wireType: String { rawValue }
    public static var wireName: String { "AuthMethod" }
}
