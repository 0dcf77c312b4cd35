import DocumentReceiver
import FolioModel

/// Documents for the contract tests: every status, with and without the optional members.
enum FolioDocumentSamples {
    /// The example of docs/documents.md.
    static let documented = """
        {"id": "D_1", "title": "Membership card",
         "documentType": {"id": "dtpl_membership", "name": "Membership card"},
         "issuer": {"id": "iss_demo", "name": "Demo City"},
         "status": {"type": "VALID"}, "isTest": false,
         "validFrom": "1 Jan 2026", "validUntil": "1 Jan 2031",
         "fields": [{"key": "name", "label": "Name", "value": "Ada Lovelace"}],
         "photos": [{"key": "portrait", "label": "Portrait",
                     "image": {"attachmentId": "att_1", "image": {"width": 300, "height": 400, "file": {"type": "PNG"}}}}]}
        """

    static var documents: [FolioDocument] {
        let photos = ["PNG", "JPEG", "OTHER"].map { format in
            FolioDocumentPhoto(
                key: "photo_\(format)", label: "Photo",
                image: DocumentAttachmentRef(
                    attachmentId: "docphoto.\(format)", image: .init(width: 300, height: 400, format: format)))
        }
        let bare = FolioDocumentPhoto(
            key: "scan", label: "Scan", image: DocumentAttachmentRef(attachmentId: "att_2", image: nil))
        return FolioDocumentStatus.allCases.map { status in
            FolioDocument(
                id: "D_\(status.wireType)", title: "Membership card",
                documentType: .init(id: "dtpl_membership", name: "Membership card"),
                issuer: .init(id: "iss_demo", name: "Demo City"), status: status, isTest: status == .revoked,
                validFrom: "1 Jan 2026", validUntil: "Dec 31, 2030",
                fields: [
                    FolioDocumentField(key: "name", label: "Name", value: "Ada Lovelace"),
                    FolioDocumentField(key: "member", label: "Mitglied seit", value: "Nicht angegeben"),
                ], photos: photos + [bare])
        } + [
            FolioDocument(
                id: "D_plain", title: "Ticket", documentType: .init(id: "dtpl_ticket", name: "Ticket"),
                issuer: .init(id: "iss_demo", name: "Demo City"), status: .valid, isTest: false, validFrom: nil,
                validUntil: nil, fields: [], photos: [])
        ]
    }
}
