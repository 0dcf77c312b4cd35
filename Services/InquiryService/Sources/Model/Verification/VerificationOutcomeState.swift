import Bus
import FolioModel
import WireModel

/// The states every verification kind shares: PROCESSING, PASSED, FAILED and ERROR.
public enum VerificationOutcomeState: Hashable, Sendable {
    case processing(ProcessingView)
    case passed(VerificationPanel)
    case failed(VerificationPanel)
    case error(VerificationFailureView)

    static let types = ["PROCESSING", "PASSED", "FAILED", "ERROR"]

    /// The schemas of the shared states, one case each, for the state enum of every kind.
    static var caseSchemas: [JSONSchema] {
        [
            .taggedCase(
                "PROCESSING", fields: .closedObject(["processing": ProcessingView.ref], required: ["processing"])),
            .taggedCase("PASSED", fields: VerificationPanel.schema()),
            .taggedCase("FAILED", fields: VerificationPanel.schema()),
            .taggedCase("ERROR", fields: VerificationFailureView.ref),
        ]
    }

    var json: JSONValue {
        switch self {
        case .processing(let processing): Wire.tagged("PROCESSING", ["processing": processing.json])
        case .passed(let panel): TaggedValue(type: "PASSED", value: panel.members([:])).json
        case .failed(let panel): TaggedValue(type: "FAILED", value: panel.members([:])).json
        case .error(let failure): TaggedValue(type: "ERROR", value: failure.json).json
        }
    }

    /// Reads one of the shared states; nil when `tagged` is another type.
    static func read(_ tagged: WireCase) throws(WireDecodingError) -> VerificationOutcomeState? {
        switch tagged.type {
        case "PROCESSING": return .processing(try tagged.fields(["processing"]).value("processing"))
        case "PASSED": return .passed(try VerificationPanel(tagged.fields(VerificationPanel.fields)))
        case "FAILED": return .failed(try VerificationPanel(tagged.fields(VerificationPanel.fields)))
        case "ERROR":
            return .error(try VerificationFailureView(json: tagged.value ?? .object([:]), path: tagged.path + ".value"))
        default: return nil
        }
    }

    var buttons: [ButtonView] {
        switch self {
        case .processing: []
        case .passed(let panel), .failed(let panel): panel.buttons
        case .error(let failure): failure.buttons
        }
    }
}
