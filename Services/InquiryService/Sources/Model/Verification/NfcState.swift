import Bus
import FolioModel
import WireModel

/// The states of a GOVERNMENT_ID_NFC step (docs/inquiry-store.md, "GOVERNMENT_ID_NFC").
public enum NfcState: WireValue, WireDescribed, Hashable {
    case scan(VerificationPanel, ChipScan)
    case outcome(VerificationOutcomeState)

    public var json: JSONValue {
        switch self {
        case .scan(let panel, let scan):
            TaggedValue(
                type: "SCAN",
                value: panel.members([
                    "documentType": scan.documentType.json, "chipField": .string(scan.chipField),
                    "chipFiles": Wire.array(scan.chipFiles), "received": Wire.array(scan.received),
                ])
            ).json
        case .outcome(let outcome): outcome.json
        }
    }

    public static var wireSchema: JSONSchema {
        .oneOf(
            [
                .taggedCase(
                    "SCAN",
                    fields: VerificationPanel.schema(
                        [
                            "documentType": NfcDocumentType.ref,
                            "chipField": JSONSchema.string.described("UPLOAD each chip file under this name."),
                            "chipFiles": JSONSchema.array(NfcChipFile.ref).described("The files to read."),
                            "received": JSONSchema.array(NfcChipFile.ref).described("The files Folio holds."),
                        ], required: ["documentType", "chipField", "chipFiles", "received"]))
            ] + VerificationOutcomeState.caseSchemas)
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        if let outcome = try VerificationOutcomeState.read(tagged) {
            self = .outcome(outcome)
            return
        }
        guard tagged.type == "SCAN" else { throw tagged.unknownType(["SCAN"] + VerificationOutcomeState.types) }
        let fields = try tagged.fields(
            VerificationPanel.fields + ["documentType", "chipField", "chipFiles", "received"])
        self = .scan(
            try VerificationPanel(fields),
            ChipScan(
                documentType: try fields.value("documentType"), chipField: try fields.text("chipField"),
                chipFiles: try fields.array("chipFiles", maxCount: 17),
                received: try fields.array("received", maxCount: 17)))
    }
}

/// What the native shell reads from the chip and uploads under `chipField`, one file per NfcChipFile.
public struct ChipScan: Hashable, Sendable {
    public var documentType: NfcDocumentType
    public var chipField: String
    public var chipFiles: [NfcChipFile]
    public var received: [NfcChipFile]
}

public enum NfcDocumentType: String, WireStringEnum, Hashable {
    case passport = "PASSPORT", idCard = "ID_CARD"
}

/// An elementary file of the chip: a data group or the document security object.
public enum NfcChipFile: String, WireStringEnum, Hashable {
    case dg1 = "DG1", dg2 = "DG2", dg3 = "DG3", dg4 = "DG4", dg5 = "DG5", dg6 = "DG6", dg7 = "DG7", dg8 = "DG8"
    case dg9 = "DG9", dg10 = "DG10", dg11 = "DG11", dg12 = "DG12", dg13 = "DG13", dg14 = "DG14", dg15 = "DG15"
    case dg16 = "DG16", sod = "SOD"
}
