/// What the analyzer accepts. Luma is 0...255; shares and fractions are 0...1.
public struct CaptureThresholds: Codable, Hashable, Sendable {
    /// Luma levels between the mean of the darker and of the brighter half of the frame (split by Otsu's
    /// threshold) below which nothing stands out enough to be a document.
    public var minContrast: Double = 20
    /// Share of the frame a region must cover to be considered a document at all; smaller ones are ignored.
    public var minDocumentArea: Double = 0.02
    /// Share of the frame the document must cover; less is `tooSmall`.
    public var minFill: Double = 0.25
    /// A corner closer than this fraction of the frame's shorter side to an edge makes the document `cutOff`.
    public var edgeMargin: Double = 0.01
    /// How far (relative) the measured aspect ratio may be from ID-1's or ID-3's.
    public var aspectTolerance: Double = 0.12
    /// The region's pixels, its holes filled row by row, over its convex hull; text-like clutter is lower.
    public var minSolidity: Double = 0.9
    /// The fitted quadrilateral's area over the region's convex hull; rounded or many-sided shapes are lower.
    public var minQuadFit: Double = 0.92
    /// The camera's assumed focal length in pixels, as a multiple of the frame's longer side (0.75 is a phone's
    /// main camera, about 67° across); it undoes perspective when the aspect ratio is measured.
    public var focalLength: Double = 0.75
    /// Variance of the Laplacian inside the document at half resolution, in luma units squared; lower is
    /// `blurry`.
    public var minSharpness: Double = 150
    /// Mean luma inside the document; lower is `tooDark`.
    public var minExposure: Double = 70
    /// Mean luma inside the document; higher is `tooBright`.
    public var maxExposure: Double = 235
    /// Luma at or above which a pixel counts as saturated.
    public var saturatedLuma: Double = 250
    /// Share of saturated pixels inside the document above which the frame has `glare`.
    public var maxGlare: Double = 0.02
    /// Share of saturated pixels inside the document above which the frame is `tooBright`: so much of the
    /// document clips that it is overexposed rather than hit by a reflection.
    public var maxSaturated: Double = 0.3

    public init() {}

    public static let `default` = CaptureThresholds()
}
