/// The decider's answer to one frame.
public struct CaptureDecision: Codable, Hashable, Sendable {
    public var trigger: CaptureTrigger
    /// True for exactly one frame per side: the one whose arrival ended the hold.
    public var shouldCapture: Bool
    /// The frame's verdict, or `moving` for a good frame whose document moved too far since the previous one.
    public var quality: FrameQuality

    public init(trigger: CaptureTrigger, shouldCapture: Bool, quality: FrameQuality) {
        self.trigger = trigger
        self.shouldCapture = shouldCapture
        self.quality = quality
    }
}
