/// What is wrong with a frame, or `good`. The analyzer reports the first problem in this order: noDocument,
/// cutOff, tooSmall, tooDark, tooBright, glare, blurry. `moving` comes from `CaptureDecider`, which compares
/// consecutive frames.
public enum FrameQuality: String, Codable, CaseIterable, Sendable {
    case good
    case noDocument
    case tooSmall
    case cutOff
    case blurry
    case tooDark
    case tooBright
    case glare
    case moving
}
