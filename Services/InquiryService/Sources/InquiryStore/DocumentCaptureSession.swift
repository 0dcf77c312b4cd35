import DocumentCapture
import FolioModel
import Foundation

/// The automatic capture of one side of a document (spec "Document capture"): the decider fed with the
/// preview frames of the SCAN it belongs to. A new side, attempt or step starts a new session.
public struct DocumentCaptureSession: Codable, Equatable, Sendable {
    /// `stepId/attempt/side` of the SCAN.
    public var key: String
    public var decider: CaptureDecider
    public var camera: IdCameraScreenView

    init(key: String) {
        self.key = key
        decider = CaptureDecider()
        camera = IdCameraScreenView(trigger: .searching, shouldCapture: false)
    }

    static func key(stepId: String, attempt: AttemptState, side: DocumentSide) -> String {
        "\(stepId)/\(attempt.used)/\(side.rawValue)"
    }

    /// The SDK ignores frames once it decided.
    var decided: Bool { camera.trigger == .decided }

    /// Measures one frame and moves the trigger on.
    mutating func observe(luma: [UInt8], width: Int, height: Int, at: Date) {
        let measures = Self.analyzer.measure(luma: luma, width: width, height: height)
        let decision = decider.observe(measures, atMillis: Int64((at.timeIntervalSince1970 * 1000).rounded()))
        camera = IdCameraScreenView(
            trigger: CaptureTriggerView(decision.trigger), shouldCapture: decision.shouldCapture)
    }

    private static let analyzer = FrameAnalyzer()
}

extension CaptureTriggerView {
    init(_ trigger: CaptureTrigger) {
        switch trigger {
        case .searching: self = .searching
        case .suggested: self = .suggested
        case .aboutToDecide(let remaining): self = .aboutToDecide(remainingMillis: remaining)
        case .decided: self = .decided
        }
    }
}
