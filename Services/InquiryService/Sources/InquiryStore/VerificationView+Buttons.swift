import FolioModel

extension VerificationView {
    /// Applies `change` to every button of the state, in place.
    mutating func mapButtons<E: Error>(_ change: (inout ButtonView) throws(E) -> Void) throws(E) {
        func panel(_ panel: inout VerificationPanel) throws(E) {
            for index in panel.buttons.indices { try change(&panel.buttons[index]) }
        }
        func outcome(_ outcome: inout VerificationOutcomeState) throws(E) {
            switch outcome {
            case .processing: break
            case .passed(var value):
                try panel(&value)
                outcome = .passed(value)
            case .failed(var value):
                try panel(&value)
                outcome = .failed(value)
            case .error(var failure):
                for index in failure.buttons.indices { try change(&failure.buttons[index]) }
                outcome = .error(failure)
            }
        }
        switch state {
        case .governmentId(let kind):
            switch kind {
            case .selectDocument(var value, let choice):
                try panel(&value)
                state = .governmentId(.selectDocument(value, choice))
            case .scan(var value, let scan):
                try panel(&value)
                state = .governmentId(.scan(value, scan))
            case .confirm(var value, let side, let image):
                try panel(&value)
                state = .governmentId(.confirm(value, side: side, image: image))
            case .uploadReview(var value, let upload):
                try panel(&value)
                state = .governmentId(.uploadReview(value, upload))
            case .outcome(var value):
                try outcome(&value)
                state = .governmentId(.outcome(value))
            }
        case .governmentIdNfc(let kind):
            switch kind {
            case .scan(var value, let scan):
                try panel(&value)
                state = .governmentIdNfc(.scan(value, scan))
            case .outcome(var value):
                try outcome(&value)
                state = .governmentIdNfc(.outcome(value))
            }
        case .selfie(let kind):
            switch kind {
            case .preparing: break
            case .liveness(var value, let capture):
                try panel(&value)
                state = .selfie(.liveness(value, capture: capture))
            case .passive(var value, let capture):
                try panel(&value)
                state = .selfie(.passive(value, capture: capture))
            case .photo(var value, let photo):
                try panel(&value)
                state = .selfie(.photo(value, photo))
            case .outcome(var value):
                try outcome(&value)
                state = .selfie(.outcome(value))
            }
        case .emailOtp(var kind):
            try kind.mapPanel(panel, outcome)
            state = .emailOtp(kind)
        case .phoneOtp(var kind):
            try kind.mapPanel(panel, outcome)
            state = .phoneOtp(kind)
        }
    }
}

extension OtpState {
    fileprivate mutating func mapPanel<E: Error>(
        _ panel: (inout VerificationPanel) throws(E) -> Void,
        _ outcome: (inout VerificationOutcomeState) throws(E) -> Void
    ) throws(E) {
        switch self {
        case .verifyEmail(var value, let contact):
            try panel(&value)
            self = .verifyEmail(value, contact)
        case .verifyPhone(var value, let contact):
            try panel(&value)
            self = .verifyPhone(value, contact)
        case .bound(var value, let footer):
            try panel(&value)
            self = .bound(value, footer: footer)
        case .confirm(var value, let entry):
            try panel(&value)
            self = .confirm(value, entry)
        case .outcome(var value):
            try outcome(&value)
            self = .outcome(value)
        }
    }
}
