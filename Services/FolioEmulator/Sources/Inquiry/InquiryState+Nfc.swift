import FolioModel

extension InquiryState {
    /// SCAN hands the chip read over: 422 SCHEMA_VALIDATION naming the chip files of the template that were
    /// not uploaded, else the attempt is checked.
    mutating func submitChip(_ progress: inout InquiryVerification, _ context: InquiryVerificationContext)
        throws(InquiryFailure)
    {
        let missing = (context.template.nfc?.chipFiles ?? []).filter { progress.chipFiles[$0] == nil }
        guard missing.isEmpty else {
            throw .schemaValidation("the chip files \(missing.joined(separator: ", ")) were not uploaded")
        }
        try startProcessing(&progress, context)
    }

    /// Checks an upload to the chip field: its name is an NfcChipFile and its first byte that file's ICAO tag
    /// (422 SCHEMA_VALIDATION otherwise).
    static func checkChipFile(_ upload: InquiryUpload) throws(InquiryFailure) {
        guard let tag = InquiryVerificationTemplate.chipTag(of: upload.fileName) else {
            throw .schemaValidation("\(upload.fileName) is not an NfcChipFile (DG1…DG16, SOD)")
        }
        guard let first = upload.bytes.first, first == tag else {
            throw .schemaValidation(
                "\(upload.fileName) must start with its tag 0x\(String(tag, radix: 16, uppercase: true))")
        }
    }
}
