/// Decides from a stream of measured frames when to take the photo of one side of a document. A small value
/// that can be snapshotted; time comes from the frames' timestamps, never from a clock.
///
/// Good frames whose document's corners move less than `maxCornerShift` of the frame's diagonal from one
/// frame to the next are steady. Once steady good frames have lasted `holdMillis`, counted from the first
/// frame of the steady run, the decider decides: `shouldCapture` is true for that one frame and every later
/// frame is ignored until `reset()`. A frame that is not good ends the run (`searching`); a good frame that
/// moved, or that comes more than `maxFrameGapMillis` after the previous good one, starts a new run
/// (`suggested`).
public struct CaptureDecider: Codable, Hashable, Sendable {
    public let holdMillis: Int64
    /// A fraction of the frame's diagonal.
    public let maxCornerShift: Float
    public let maxFrameGapMillis: Int64
    private var phase = Phase.searching
    /// The corners of the previous frame's document (x and y of each, rounded to whole pixels to keep the
    /// snapshot short); empty unless that frame was good.
    private var previousCorners: [Int32] = []
    private var previousMillis: Int64 = 0
    private var holdStartMillis: Int64 = 0

    private enum Phase: String, Codable, Hashable, Sendable {
        case searching
        case suggested
        case holding
        case decided
    }

    public init(holdMillis: Int64 = 600, maxCornerShift: Float = 0.01, maxFrameGapMillis: Int64 = 250) {
        self.holdMillis = holdMillis
        self.maxCornerShift = maxCornerShift
        self.maxFrameGapMillis = maxFrameGapMillis
    }

    public var isDecided: Bool { phase == .decided }

    /// Back to searching with the same settings, for the next side.
    public mutating func reset() {
        self = CaptureDecider(
            holdMillis: holdMillis, maxCornerShift: maxCornerShift, maxFrameGapMillis: maxFrameGapMillis)
    }

    public mutating func observe(_ measures: FrameMeasures, atMillis now: Int64) -> CaptureDecision {
        guard phase != .decided else {
            return CaptureDecision(trigger: .decided, shouldCapture: false, quality: measures.quality)
        }
        guard measures.quality == .good, let quad = measures.document else {
            phase = .searching
            previousCorners = []
            return CaptureDecision(trigger: .searching, shouldCapture: false, quality: measures.quality)
        }
        var quality = FrameQuality.good
        var steady = false
        if let previousQuad = Self.quad(previousCorners), let gap = Self.millis(from: previousMillis, to: now),
            gap <= maxFrameGapMillis
        {
            let limit = Double(maxCornerShift) * measures.diagonal
            steady = Double(quad.largestCornerShift(from: previousQuad)) <= limit
            if !steady { quality = .moving }
        }
        let runStart = previousMillis
        previousCorners = Self.corners(quad)
        previousMillis = now
        guard steady else {
            phase = .suggested
            return CaptureDecision(trigger: .suggested, shouldCapture: false, quality: quality)
        }
        if phase != .holding {
            phase = .holding
            holdStartMillis = runStart
        }
        let elapsed = Self.millis(from: holdStartMillis, to: now) ?? .max
        guard elapsed >= holdMillis else {
            return CaptureDecision(
                trigger: .aboutToDecide(remainingMillis: holdMillis - elapsed), shouldCapture: false, quality: .good)
        }
        phase = .decided
        return CaptureDecision(trigger: .decided, shouldCapture: true, quality: .good)
    }

    /// The time from `start` to `end`; nil when it runs backwards or does not fit.
    private static func millis(from start: Int64, to end: Int64) -> Int64? {
        let (difference, overflow) = end.subtractingReportingOverflow(start)
        return overflow || difference < 0 ? nil : difference
    }

    private static func corners(_ quad: DocumentQuad) -> [Int32] {
        quad.corners.flatMap {
            [Int32(clamping: Int(exactly: $0.x.rounded()) ?? 0), Int32(clamping: Int(exactly: $0.y.rounded()) ?? 0)]
        }
    }

    private static func quad(_ corners: [Int32]) -> DocumentQuad? {
        guard corners.count == 8 else { return nil }
        func point(_ index: Int) -> FramePoint {
            FramePoint(x: Float(corners[2 * index]), y: Float(corners[2 * index + 1]))
        }
        return DocumentQuad(topLeft: point(0), topRight: point(1), bottomRight: point(2), bottomLeft: point(3))
    }
}
