import FolioModel

extension InquiryVerificationContext {
    /// The picked document of a GOVERNMENT_ID step.
    func document(_ progress: InquiryVerification) -> InquiryVerificationTemplate.Document? {
        template.governmentId?.documents.first { $0.type == progress.documentType }
    }

    /// The side under way of a GOVERNMENT_ID step.
    func side(_ progress: InquiryVerification) -> InquiryVerificationTemplate.Side? {
        guard let sides = document(progress)?.sides, progress.sideIndex < sides.count else { return nil }
        return sides[progress.sideIndex]
    }
}

extension InquiryState {
    /// SELECT_DOCUMENT takes `{<selectionField>: IdentityDocumentType}`; SCAN takes `{<captureField>: file}`
    /// and shows CONFIRM; CONFIRM accepts the side; UPLOAD_REVIEW takes a new file and shows it, or accepts
    /// the side it shows. After the last side the attempt is checked.
    mutating func submitGovernmentId(
        _ progress: inout InquiryVerification, fields: JSONObject, _ context: InquiryVerificationContext
    ) throws(InquiryFailure) {
        guard let settings = context.template.governmentId else { throw .internalError("no governmentId settings") }
        if progress.state == .selectDocument {
            let field = settings.selectionField
            let value = fields[field] ?? .null
            guard value.isNull || value.stringValue != nil else {
                throw .schemaValidation(
                    "\(field): a document choice is a string, not \(InquirySubmission.typeName(value))")
            }
            guard let type = value.stringValue, !type.isEmpty else {
                throw .fieldValidation([field: context.texts.required])
            }
            guard let document = settings.documents.first(where: { $0.type == type }) else {
                throw .fieldValidation([field: context.texts.notAnOption])
            }
            progress.documentType = document.type
            progress.sideIndex = 0
            progress.images = [:]
            progress.state = document.sides[0].isCamera ? .scan : .uploadReview
            return
        }
        guard let side = context.side(progress) else { throw .internalError("the step has no side under way") }
        switch progress.state {
        case .scan:
            progress.images[side.side] = try uploadedFile(fields[side.captureField], field: side.captureField, context)
            progress.state = .confirm
        case .uploadReview:
            let shown = progress.images[side.side]
            if let value = fields[side.captureField], !value.isNull {
                let file = try uploadedFile(value, field: side.captureField, context)
                progress.images[side.side] = file
                if file.fileId != shown?.fileId { return }
            } else if shown == nil {
                throw .fieldValidation([side.captureField: context.texts.required])
            }
            try acceptSide(&progress, context)
        case .confirm:
            try acceptSide(&progress, context)
        default:
            throw .internalError("not a capture state")
        }
    }

    /// The next side, or the check of the attempt after the last one.
    private mutating func acceptSide(_ progress: inout InquiryVerification, _ context: InquiryVerificationContext)
        throws(InquiryFailure)
    {
        let sides = context.document(progress)?.sides ?? []
        if progress.sideIndex + 1 < sides.count {
            progress.sideIndex += 1
            progress.state = sides[progress.sideIndex].isCamera ? .scan : .uploadReview
        } else {
            try startProcessing(&progress, context)
        }
    }

    /// CONFIRM → SCAN of the same side; SCAN or UPLOAD_REVIEW of a later side → the side before (CONFIRM or
    /// UPLOAD_REVIEW with its photo); of the first side → SELECT_DOCUMENT.
    func backGovernmentId(_ progress: inout InquiryVerification, _ context: InquiryVerificationContext) -> Bool {
        guard let side = context.side(progress) else { return false }
        if progress.state == .confirm {
            progress.images[side.side] = nil
            progress.state = .scan
            return true
        }
        guard progress.sideIndex > 0, let sides = context.document(progress)?.sides else {
            progress.state = .selectDocument
            return true
        }
        progress.images[side.side] = nil
        progress.sideIndex -= 1
        progress.state = sides[progress.sideIndex].isCamera ? .confirm : .uploadReview
        return true
    }
}
