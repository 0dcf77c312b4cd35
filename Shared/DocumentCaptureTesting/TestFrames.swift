import DocumentCapture
import Foundation

/// A frame drawn in code, with the corners of the card drawn into it (top-left, top-right, bottom-right,
/// bottom-left of the card itself).
public struct TestFrame: Sendable {
    public var width: Int
    public var height: Int
    public var luma: [UInt8]
    public var corners: [FramePoint]

    public init(width: Int, height: Int, luma: [UInt8], corners: [FramePoint]) {
        self.width = width
        self.height = height
        self.luma = luma
        self.corners = corners
    }

    public func measured(_ analyzer: FrameAnalyzer = FrameAnalyzer()) -> FrameMeasures {
        analyzer.measure(luma: luma, width: width, height: height)
    }
}

/// Draws preview frames: a desk with a gentle grain and sensor noise, and a light card with dark text bars,
/// a header and a photo box. Deterministic for a seed.
public enum TestFrames {
    /// The generator's camera, deliberately not the analyzer's assumed one (0.75 of the longer side).
    public static let focalFactor = 0.9

    public static func frame(
        card: TestCard?, width: Int = 1280, height: Int = 720, seed: UInt64 = 7
    ) -> TestFrame {
        var random = SplitMix64(seed: seed)
        var luma = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                luma[y * width + x] = clampedLuma(desk(Double(x), Double(y)) + random.noise(6))
            }
        }
        guard let card else { return TestFrame(width: width, height: height, luma: luma, corners: []) }
        let toFrame = card.homography(frameWidth: width, frameHeight: height, focal: focalFactor * Double(width))
        let toCard = toFrame.inverse
        let (w, h) = card.millimetres
        let corners = [(0.0, 0.0), (w, 0), (w, h), (0, h)].map { point in
            let p = toFrame.apply(point.0, point.1)
            return FramePoint(x: Float(p.x), y: Float(p.y))
        }
        let pixelsPerMillimetre = card.width / w
        let xs = corners.map { Int(Double($0.x)) }
        let ys = corners.map { Int(Double($0.y)) }
        let left = max(0, (xs.min() ?? 0) - 2)
        let right = min(width - 1, (xs.max() ?? 0) + 2)
        let top = max(0, (ys.min() ?? 0) - 2)
        let bottom = min(height - 1, (ys.max() ?? 0) + 2)
        if left <= right, top <= bottom {
            for y in top...bottom {
                for x in left...right {
                    let (u, v) = toCard.apply(Double(x) + 0.5, Double(y) + 0.5)
                    // Coverage of the pixel from its distance to the card's edge, for a smooth border.
                    let inside = min(u, w - u, v, h - v) * pixelsPerMillimetre
                    let coverage = min(1, max(0, inside + 0.5))
                    guard coverage > 0 else { continue }
                    let index = y * width + x
                    let printed = cardLuma(u / w, v / h) + random.noise(3)
                    luma[index] = clampedLuma(coverage * printed + (1 - coverage) * Double(luma[index]))
                }
            }
        }
        return TestFrame(width: width, height: height, luma: luma, corners: corners)
    }

    /// The frame with every pixel's luma multiplied by `factor`.
    public static func scaled(_ frame: TestFrame, by factor: Double) -> TestFrame {
        var scaled = frame
        scaled.luma = frame.luma.map { clampedLuma(Double($0) * factor) }
        return scaled
    }

    /// The frame after `passes` horizontal and vertical box blurs of `radius` pixels.
    public static func blurred(_ frame: TestFrame, radius: Int, passes: Int) -> TestFrame {
        var values = frame.luma.map { Int($0) }
        let (width, height) = (frame.width, frame.height)
        for _ in 0..<passes {
            values = boxBlur(values, count: width, stride: 1, lines: height, lineStride: width, radius: radius)
            values = boxBlur(values, count: height, stride: width, lines: width, lineStride: 1, radius: radius)
        }
        var blurred = frame
        blurred.luma = values.map { UInt8(clamping: $0) }
        return blurred
    }

    /// The frame with a saturated round highlight of `radius` pixels at (x, y), fading out over a fifth more.
    public static func withGlare(_ frame: TestFrame, x centreX: Double, y centreY: Double, radius: Double) -> TestFrame
    {
        var glared = frame
        let outer = radius * 1.2
        let top = max(0, Int(centreY - outer))
        let bottom = min(frame.height - 1, Int(centreY + outer))
        let left = max(0, Int(centreX - outer))
        let right = min(frame.width - 1, Int(centreX + outer))
        guard top <= bottom, left <= right else { return glared }
        for y in top...bottom {
            for x in left...right {
                let distance =
                    ((Double(x) + 0.5 - centreX) * (Double(x) + 0.5 - centreX)
                    + (Double(y) + 0.5 - centreY) * (Double(y) + 0.5 - centreY)).squareRoot()
                let strength = min(1, max(0, (outer - distance) / (outer - radius)))
                let index = y * frame.width + x
                glared.luma[index] = clampedLuma(Double(frame.luma[index]) * (1 - strength) + 255 * strength)
            }
        }
        return glared
    }

    private static func desk(_ x: Double, _ y: Double) -> Double {
        92 + 7 * sin(0.045 * y + 2.5 * sin(0.006 * x)) + 4 * sin(0.013 * x + 0.02 * y)
    }

    /// The printed card at (s, t), both 0...1 across its width and height.
    private static func cardLuma(_ s: Double, _ t: Double) -> Double {
        let paper = 208 + 12 * s
        // Photo box with a lighter face.
        if s >= 0.05, s <= 0.32, t >= 0.24, t <= 0.88 {
            let fx = (s - 0.185) / 0.08
            let fy = (t - 0.52) / 0.2
            return fx * fx + fy * fy <= 1 ? 165 : 96
        }
        // Header.
        if s >= 0.05, s <= 0.72, t >= 0.06, t <= 0.15 { return 62 }
        // Six lines of words.
        for line in 0..<6 {
            let lineTop = 0.26 + 0.1 * Double(line)
            guard t >= lineTop, t <= lineTop + 0.045 else { continue }
            let end = 0.62 + 0.05 * Double((line * 7) % 6)
            guard s >= 0.37, s <= end else { return paper }
            // Gaps between words: every slot of 1/48 whose hash lands on 0 mod 5.
            let slot = Int(s * 48)
            return (slot * 31 + line * 17) % 5 == 0 ? paper : 42
        }
        return paper
    }

    private static func clampedLuma(_ value: Double) -> UInt8 {
        UInt8(min(255, max(0, value.rounded())))
    }

    /// One box blur along `lines` lines of `count` values `stride` apart, lines `lineStride` apart; the edges
    /// repeat the outermost value.
    private static func boxBlur(
        _ values: [Int], count: Int, stride: Int, lines: Int, lineStride: Int, radius: Int
    ) -> [Int] {
        var out = values
        let window = 2 * radius + 1
        for line in 0..<lines {
            let base = line * lineStride
            func value(_ index: Int) -> Int { values[base + min(count - 1, max(0, index)) * stride] }
            var sum = 0
            for index in -radius...radius { sum += value(index) }
            for index in 0..<count {
                out[base + index * stride] = (sum + window / 2) / window
                sum += value(index + radius + 1) - value(index - radius)
            }
        }
        return out
    }
}
