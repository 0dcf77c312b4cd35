import FolioModel
import HTTP

extension Emulator {
    /// `GET /admin/inquiries/{inquiryId}`: everything Folio keeps about an inquiry.
    func storedInquiry(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("inquiryId")
        return inquiryAnswer { () throws(InquiryFailure) -> JSONValue in
            try inquiries.perform(inquiryEnvironment()) { state, env throws(InquiryFailure) in
                try state.stored(id, templates: env.templates)
            }
        }
    }

    /// `POST /admin/inquiries/{inquiryId}/expire`: an inquiry that is not final becomes EXPIRED.
    func expireInquiry(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("inquiryId")
        return inquiryAnswer { () throws(InquiryFailure) -> JSONValue in
            try inquiries.perform(inquiryEnvironment()) { state, env throws(InquiryFailure) in
                guard var record = state.inquiries[id] else { throw .notFound(id) }
                if !record.status.isFinal { record.finish(.expired, now: env.now) }
                state.inquiries[id] = record
                return try state.stored(id, templates: env.templates)
            }
        }
    }
}
