/// Sharpness, exposure and glare inside a quadrilateral of the half-resolution plane, in one pass.
struct DocumentStatistics {
    /// Variance of the 4-neighbour Laplacian, in luma units squared.
    var sharpness = 0.0
    /// Mean luma.
    var exposure = 0.0
    /// Share of pixels at or above the saturated luma.
    var glare = 0.0

    /// `quad` in half-plane pixels; `half` holds sums of 2×2 frame pixels. Pixels on the plane's border are
    /// left out (the Laplacian needs all four neighbours).
    init(quad: DocumentQuad, half: [UInt16], width: Int, height: Int, saturatedLuma: Double) {
        let corners = quad.corners
        let top = corners.map(\.y).min() ?? 0
        let bottom = corners.map(\.y).max() ?? 0
        let firstRow = max(1, Int((top - 0.5).rounded(.up)))
        let lastRow = min(height - 2, Int((bottom - 0.5).rounded(.down)))
        guard firstRow <= lastRow else { return }
        let saturatedSum = UInt16(clamping: Int((saturatedLuma * 4).rounded(.up)))
        var count = 0
        var lumaSum = 0
        var saturated = 0
        var laplacianSum = 0
        var laplacianSquares = 0
        half.withUnsafeBufferPointer { half in
            guard let base = half.baseAddress else { return }
            for y in firstRow...lastRow {
                guard let span = Self.span(of: corners, atY: Float(y) + 0.5) else { continue }
                let first = max(1, Int((span.lowerBound - 0.5).rounded(.up)))
                let last = min(width - 2, Int((span.upperBound - 0.5).rounded(.down)))
                guard first <= last else { continue }
                let row = base + y * width
                let above = row - width
                let below = row + width
                let left = row - 1
                let right = row + 1
                // Int32 sums over chunks of 128 pixels vectorize; 128 squares of at most 4080² still fit.
                var chunkStart = first
                while chunkStart <= last {
                    let chunkEnd = min(last + 1, chunkStart + 128)
                    var chunkLuma: Int32 = 0
                    var chunkSaturated: Int32 = 0
                    var chunkSum: Int32 = 0
                    var chunkSquares: Int32 = 0
                    for x in chunkStart..<chunkEnd {
                        let centre = Int32(row[x])
                        let laplacian =
                            4 &* centre &- Int32(left[x]) &- Int32(right[x]) &- Int32(above[x]) &- Int32(below[x])
                        chunkLuma &+= centre
                        chunkSum &+= laplacian
                        chunkSquares &+= laplacian &* laplacian
                        chunkSaturated &+= row[x] >= saturatedSum ? 1 : 0
                    }
                    lumaSum += Int(chunkLuma)
                    saturated += Int(chunkSaturated)
                    laplacianSum += Int(chunkSum)
                    laplacianSquares += Int(chunkSquares)
                    chunkStart = chunkEnd
                }
                count += last - first + 1
            }
        }
        guard count > 0 else { return }
        let n = Double(count)
        let mean = Double(laplacianSum) / n
        // The half plane holds sums of four pixels: luma values are a quarter, squares a sixteenth.
        sharpness = max(0, Double(laplacianSquares) / n - mean * mean) / 16
        exposure = Double(lumaSum) / n / 4
        glare = Double(saturated) / n
    }

    /// Where the horizontal line at `y` enters and leaves the convex polygon.
    static func span(of corners: [FramePoint], atY y: Float) -> ClosedRange<Float>? {
        var low = Float.infinity
        var high = -Float.infinity
        for index in corners.indices {
            let a = corners[index]
            let b = corners[(index + 1) % corners.count]
            guard (a.y <= y && y < b.y) || (b.y <= y && y < a.y) else { continue }
            let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
            low = min(low, x)
            high = max(high, x)
        }
        return low <= high ? low...high : nil
    }
}
