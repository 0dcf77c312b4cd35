/// Otsu's split of a luma histogram into a darker and a brighter class.
struct LumaSplit: Equatable {
    /// A pixel belongs to the brighter class when its luma is at least this.
    let threshold: Int
    let darkMean: Double
    let brightMean: Double

    /// Nil when every pixel has the same luma.
    init?(histogram: [Int]) {
        var total = 0
        var weightedTotal = 0.0
        for (level, count) in histogram.enumerated() {
            total += count
            weightedTotal += Double(level * count)
        }
        guard total > 0 else { return nil }
        var best: (threshold: Int, score: Double, darkMean: Double, brightMean: Double)?
        var darkCount = 0
        var darkWeighted = 0.0
        for threshold in 1..<histogram.count {
            darkCount += histogram[threshold - 1]
            darkWeighted += Double((threshold - 1) * histogram[threshold - 1])
            let brightCount = total - darkCount
            guard darkCount > 0, brightCount > 0 else { continue }
            let darkMean = darkWeighted / Double(darkCount)
            let brightMean = (weightedTotal - darkWeighted) / Double(brightCount)
            let difference = brightMean - darkMean
            let score = Double(darkCount) * Double(brightCount) * difference * difference
            if score > best?.score ?? 0 { best = (threshold, score, darkMean, brightMean) }
        }
        guard let best else { return nil }
        threshold = best.threshold
        darkMean = best.darkMean
        brightMean = best.brightMean
    }
}
