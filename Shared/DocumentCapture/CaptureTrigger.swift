/// What the thin client shows about taking the photo.
public enum CaptureTrigger: Codable, Hashable, Sendable {
    /// No good frame yet (or the last one was not good): guide the person.
    case searching
    /// The last frame is good but the document is not yet steady.
    case suggested
    /// Steady good frames: the photo is taken when the count-down ends.
    case aboutToDecide(remainingMillis: Int64)
    /// The photo is taken; nothing changes until `CaptureDecider.reset()`.
    case decided
}
