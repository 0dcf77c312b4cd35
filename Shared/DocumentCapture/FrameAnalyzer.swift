/// Measures one preview frame: finds the document and judges it against the thresholds. A value with no
/// state: the same frame always gives the same measures.
///
/// The frame is reduced to half resolution (2×2 sums) and to quarter resolution (4×4 means). On the quarter
/// plane, Otsu's threshold splits the pixels into a darker and a brighter class; the largest regions of
/// either class that do not reach three edges of the frame (the background does) are tried in turn; the
/// first whose hull fits a quadrilateral of an ID-1 or ID-3 aspect ratio is the document. Sharpness,
/// exposure and glare are then measured inside it on the half plane.
public struct FrameAnalyzer: Sendable {
    public var thresholds: CaptureThresholds

    /// The most candidate regions tried per frame, largest first.
    static let maxCandidates = 4
    /// The frame's sides shorter than this many pixels give no document.
    static let minSide = 32

    public init(thresholds: CaptureThresholds = .default) {
        self.thresholds = thresholds
    }

    public func measure(luma: [UInt8], width: Int, height: Int) -> FrameMeasures {
        luma.withUnsafeBufferPointer { measure(luma: $0, width: width, height: height) }
    }

    /// `luma` is the frame's Y plane, row-major, `width` bytes a row. Sizes under 32 pixels, or more pixels
    /// than `luma` holds, give a frame without a document.
    public func measure(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> FrameMeasures {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width >= Self.minSide, height >= Self.minSide, !overflow, pixels <= luma.count else {
            return .noDocument(width: width, height: height)
        }
        let planes = LumaPlanes(luma: luma, width: width, height: height)
        let histogram = planes.quarterHistogram()
        var lumaTotal = 0
        for (level, count) in histogram.enumerated() { lumaTotal += level * count }
        let frameMean = Double(lumaTotal) / Double(planes.quarter.count)
        guard let split = LumaSplit(histogram: histogram), split.brightMean - split.darkMean >= thresholds.minContrast
        else { return .noDocument(width: width, height: height, exposure: frameMean) }

        let labeling = planes.quarter.withUnsafeBufferPointer { quarter in
            RegionLabeling(
                plane: quarter, width: planes.quarterWidth, height: planes.quarterHeight, threshold: split.threshold)
        }
        let minArea = Int(thresholds.minDocumentArea * Double(planes.quarter.count))
        let candidates = labeling.regions.indices
            .filter { labeling.regions[$0].area >= minArea && labeling.regions[$0].edgeCount < 3 }
            .sorted { labeling.regions[$0].area > labeling.regions[$1].area }
            .prefix(Self.maxCandidates)
        var cutOffCandidate: Candidate?
        // The hulls of the solid regions tried so far: a smaller region inside one (the photo box of a card
        // that is cut off, say) is print on it, not a document.
        var solidHulls: [[FramePoint]] = []
        for region in candidates {
            let outline = RegionOutline(region: region, of: labeling)
            let hull = outline.convexHull()
            let hullArea = ConvexHull.area(hull)
            guard hullArea > 0, Double(outline.filledArea) / Double(hullArea) >= thresholds.minSolidity else {
                continue
            }
            let centre = ConvexHull.centroid(hull)
            guard !solidHulls.contains(where: { ConvexHull.contains($0, centre) }) else { continue }
            solidHulls.append(hull)
            guard
                let candidate = self.candidate(
                    hull: hull, outline: outline, reachesEdge: labeling.regions[region].edges != 0, planes: planes,
                    threshold: split.threshold, width: width, height: height)
            else { continue }
            if !candidate.reachesEdge {
                return measures(of: candidate, planes: planes, width: width, height: height)
            }
            if cutOffCandidate == nil { cutOffCandidate = candidate }
        }
        if let cutOffCandidate { return measures(of: cutOffCandidate, planes: planes, width: width, height: height) }
        return .noDocument(width: width, height: height, exposure: frameMean)
    }

    /// A region that passed the shape checks, with its quadrilateral in frame pixels.
    private struct Candidate {
        var quad: DocumentQuad
        var aspectRatio: Double
        var kind: DocumentKind?
        var reachesEdge: Bool
    }

    /// The region's quadrilateral, if it has one of a document's shape; one that reaches the frame's edge
    /// needs no particular aspect ratio.
    private func candidate(
        hull: [FramePoint], outline: RegionOutline, reachesEdge: Bool, planes: LumaPlanes, threshold: Int,
        width: Int, height: Int
    ) -> Candidate? {
        guard let coarse = QuadFit(hull: hull) else { return nil }
        // The sides along the frame's edge have no crossing to fit; the coarse corners will do there.
        let fit =
            reachesEdge
            ? coarse
            : coarse.refined(
                outline: outline, plane: planes.quarter, width: planes.quarterWidth,
                height: planes.quarterHeight, threshold: threshold)
        guard let quarterQuad = DocumentQuad(polygon: fit.corners) else { return nil }
        let quad = quarterQuad.scaled(by: 4)
        let aspectRatio = PerspectiveAspect.ratio(
            of: quad, width: width, height: height, focalLength: thresholds.focalLength * Double(max(width, height)))
        let kind = DocumentKind.matching(aspectRatio: aspectRatio, tolerance: thresholds.aspectTolerance)
        if !reachesEdge {
            guard Double(coarse.hullCoverage) >= thresholds.minQuadFit, kind != nil else { return nil }
        }
        return Candidate(quad: quad, aspectRatio: aspectRatio, kind: kind, reachesEdge: reachesEdge)
    }

    private func measures(of candidate: Candidate, planes: LumaPlanes, width: Int, height: Int) -> FrameMeasures {
        let quad = candidate.quad
        let margin = Float(thresholds.edgeMargin * Double(min(width, height)))
        let nearEdge = quad.corners.contains { corner in
            corner.x < margin || corner.y < margin || corner.x > Float(width) - margin
                || corner.y > Float(height) - margin
        }
        // Shrunk a little so that the desk just outside an edge fitted a pixel too wide is not measured.
        let statistics = DocumentStatistics(
            quad: quad.scaled(by: 0.5).shrunk(by: 0.04), half: planes.half, width: planes.halfWidth,
            height: planes.halfHeight, saturatedLuma: thresholds.saturatedLuma)
        return FrameMeasures(
            width: width, height: height, document: quad, documentKind: candidate.kind,
            aspectRatio: candidate.aspectRatio, fill: Double(quad.area) / (Double(width) * Double(height)),
            cutOff: candidate.reachesEdge || nearEdge, sharpness: statistics.sharpness,
            exposure: statistics.exposure, glare: statistics.glare, thresholds: thresholds)
    }
}
