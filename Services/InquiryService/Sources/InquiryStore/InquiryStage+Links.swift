import FolioModel

extension InquiryStage {
    /// The id of the step shown: a screen's or a verification's stepId.
    var stepID: String? {
        switch content {
        case .screen(let screen): screen.stepId
        case .verification(let view): view.stepId
        case .handoff, .terminal: nil
        }
    }

    /// What identifies the screen shown: the step, and for a verification its state, side and attempt. Kept
    /// edits belong to one screen.
    var screenKey: String? {
        if case .verification(let view) = content { return view.screenKey }
        return stepID
    }

    /// The stage with every link url of the step and the terminal redirect normalized; throws for the first url
    /// that does not parse (spec "Capture modes and links").
    func normalizingLinks() throws(InvalidLinkError) -> InquiryStage {
        var stage = self
        switch content {
        case .screen(var screen):
            try screen.mapElements { (element) throws(InvalidLinkError) in
                guard case .button(var button) = element else { return }
                button.intent = try button.intent.normalizingLink()
                element = .button(button)
            }
            stage.content = .screen(screen)
        case .verification(var view):
            try view.mapButtons { (button) throws(InvalidLinkError) in
                button.intent = try button.intent.normalizingLink()
            }
            stage.content = .verification(view)
        case .terminal(let outcome, let redirect?):
            // The redirect is always a Universal link target.
            stage.content = .terminal(
                outcome: outcome, redirect: .universal(url: try LinkNormalizer.normalize(redirect.url)))
        case .handoff(var view):
            if let link = view.link { view.link = link.with(url: try LinkNormalizer.normalize(link.url)) }
            stage.content = .handoff(view)
        case .terminal:
            break
        }
        return stage
    }
}

extension InquiryIntent {
    fileprivate func normalizingLink() throws(InvalidLinkError) -> InquiryIntent {
        guard case .openLink(let target) = self else { return self }
        return .openLink(target: target.with(url: try LinkNormalizer.normalize(target.url)))
    }
}
