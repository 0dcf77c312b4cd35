/// What the analyzer measured in one frame, and the verdict the thresholds give.
public struct FrameMeasures: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// The document's outline in frame pixels; nil when none was found. When `cutOff`, an approximation of
    /// the visible part.
    public let document: DocumentQuad?
    /// The format the aspect ratio matches; nil without a document, and possibly nil when `cutOff`.
    public let documentKind: DocumentKind?
    /// Long side over short side of the document with perspective undone; 0 without a document.
    public let aspectRatio: Double
    /// The document's area over the frame's.
    public let fill: Double
    /// Whether the document touches or crosses an edge of the frame.
    public let cutOff: Bool
    /// Variance of the Laplacian inside the document at half resolution (luma units squared).
    public let sharpness: Double
    /// Mean luma inside the document, or of the whole frame without one.
    public let exposure: Double
    /// Share of saturated pixels inside the document.
    public let glare: Double
    public let quality: FrameQuality

    public init(
        width: Int, height: Int, document: DocumentQuad?, documentKind: DocumentKind?, aspectRatio: Double,
        fill: Double, cutOff: Bool, sharpness: Double, exposure: Double, glare: Double,
        thresholds: CaptureThresholds = .default
    ) {
        self.width = width
        self.height = height
        self.document = document
        self.documentKind = documentKind
        self.aspectRatio = aspectRatio
        self.fill = fill
        self.cutOff = cutOff
        self.sharpness = sharpness
        self.exposure = exposure
        self.glare = glare
        quality = Self.judge(
            document: document, documentKind: documentKind, fill: fill, cutOff: cutOff, sharpness: sharpness,
            exposure: exposure, glare: glare, thresholds: thresholds)
    }

    /// A frame in which nothing was found; `exposure` is the frame's mean luma (0 for an empty frame).
    public static func noDocument(width: Int, height: Int, exposure: Double = 0) -> FrameMeasures {
        FrameMeasures(
            width: width, height: height, document: nil, documentKind: nil, aspectRatio: 0, fill: 0, cutOff: false,
            sharpness: 0, exposure: exposure, glare: 0)
    }

    /// The frame's diagonal in pixels.
    public var diagonal: Double {
        let w = Double(max(width, 0))
        let h = Double(max(height, 0))
        return (w * w + h * h).squareRoot()
    }

    private static func judge(
        document: DocumentQuad?, documentKind: DocumentKind?, fill: Double, cutOff: Bool, sharpness: Double,
        exposure: Double, glare: Double, thresholds: CaptureThresholds
    ) -> FrameQuality {
        guard document != nil else { return .noDocument }
        if cutOff { return .cutOff }
        guard documentKind != nil else { return .noDocument }
        if fill < thresholds.minFill { return .tooSmall }
        if exposure < thresholds.minExposure { return .tooDark }
        if exposure > thresholds.maxExposure || glare > thresholds.maxSaturated { return .tooBright }
        if glare > thresholds.maxGlare { return .glare }
        if sharpness < thresholds.minSharpness { return .blurry }
        return .good
    }
}
