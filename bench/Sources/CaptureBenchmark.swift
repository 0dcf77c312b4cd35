import DocumentCapture
import FolioModel
import Foundation

/// `bench/run capture`: 1280×720 preview frames that `FrameAnalyzer` measures per second on one thread,
/// against reading the same bytes once (summing them) in the same run. The ratio is frames per second over
/// 300, ten times a 30 fps camera: 1 or more meets the target. The frames are drawn once: a card on a desk
/// at six poses, each of which the analyzer must find and judge good, so every frame runs the whole analysis.
enum CaptureBenchmark {
    static let width = 1280
    static let height = 720
    static let targetFramesPerSecond = 300.0

    static func run(seconds: Double) throws {
        let frames = (0..<6).map { (index: Int) -> [UInt8] in
            let step = Double(index)
            return CaptureBenchFrame.draw(
                width: width, height: height, seed: UInt64(index + 1), centreX: 600 + 16 * step,
                centreY: 340 + 8 * step, cardWidth: 720 + 16 * step, degrees: -8 + 3.2 * step)
        }
        let analyzer = FrameAnalyzer()
        for (index, frame) in frames.enumerated() {
            let quality = analyzer.measure(luma: frame, width: width, height: height).quality
            // Every frame goes through the whole analysis only if the card is found and judged.
            guard quality == .good else { throw BenchError("capture frame \(index) is \(quality), not good") }
        }
        progress("\(frames.count) frames of \(width)x\(height) drawn; measuring for \(seconds) s each")
        let window = Duration.milliseconds(Int(seconds * 1000))
        var good = 0
        func analyse(_ index: Int) {
            if analyzer.measure(luma: frames[index % frames.count], width: width, height: height).quality == .good {
                good += 1
            }
        }
        _ = rate(calls: frames.count * 4, within: .seconds(3600), analyse)
        let analyses = rate(calls: nil, within: window, analyse)
        var checksum: UInt64 = 0
        let reads = rate(calls: nil, within: window) { index in
            frames[index % frames.count].withUnsafeBufferPointer { bytes in
                // 921,600 bytes of at most 255 fit in 32 bits; a local sum lets the loop vectorize.
                var sum: UInt32 = 0
                for byte in bytes { sum &+= UInt32(byte) }
                checksum &+= UInt64(sum)
            }
        }
        guard checksum > 0, good > 0 else { throw BenchError("nothing was measured") }
        let summary: JSONValue = [
            "bench": "capture", "ratio": rounded(analyses.perSecond / targetFramesPerSecond, 3),
            "frames_per_second": rounded(analyses.perSecond, 1),
            "frames_per_cpu_second": rounded(analyses.perCPUSecond, 1),
            "baseline_reads_per_second": rounded(reads.perSecond, 1),
            "reads_per_analysis": rounded(reads.perSecond / analyses.perSecond, 1),
            "target_frames_per_second": .double(targetFramesPerSecond), "target": 1,
            "frame": .string("\(width)x\(height) luma"), "threads": 1,
        ]
        print(summary.jsonString)
    }

    /// Calls per second of `body(index)` with index 0, 1, 2, …: `calls` calls, or as many as fit in `window`;
    /// per second of wall time and per second of this thread's CPU time.
    private static func rate(calls count: Int?, within window: Duration, _ body: (Int) -> Void) -> (
        perSecond: Double, perCPUSecond: Double
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = threadCPUSeconds()
        var calls = 0
        while calls < count ?? .max, clock.now - start < window {
            body(calls)
            calls += 1
        }
        let (seconds, attoseconds) = (clock.now - start).components
        let wall = Double(seconds) + Double(attoseconds) / 1e18
        return (Double(calls) / wall, Double(calls) / (threadCPUSeconds() - cpuStart))
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("capture: \(message)\n".utf8))
    }
}

/// A preview frame for the benchmark: a desk with grain and noise, and a light ID-1 card with a header, a
/// photo box and lines of text, turned by `degrees`.
enum CaptureBenchFrame {
    static func draw(
        width: Int, height: Int, seed: UInt64, centreX: Double, centreY: Double, cardWidth: Double, degrees: Double
    ) -> [UInt8] {
        var state = seed
        func noise() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 56) / 255 * 2 - 1
        }
        let cardHeight = cardWidth * 53.98 / 85.60
        let (sine, cosine) = (sin(degrees * .pi / 180), cos(degrees * .pi / 180))
        var luma = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let (px, py) = (Double(x) + 0.5 - centreX, Double(y) + 0.5 - centreY)
                // Card coordinates 0...1 across and down.
                let s = (px * cosine + py * sine) / cardWidth + 0.5
                let t = (-px * sine + py * cosine) / cardHeight + 0.5
                var value = 92 + 7 * sin(0.045 * Double(y) + 2.5 * sin(0.006 * Double(x))) + 6 * noise()
                if s >= 0, s <= 1, t >= 0, t <= 1 {
                    value = 210 + 3 * noise()
                    if s >= 0.05, s <= 0.32, t >= 0.24, t <= 0.88 {
                        value = 96
                    } else if s >= 0.05, s <= 0.72, t >= 0.06, t <= 0.15 {
                        value = 62
                    } else if s >= 0.37, s <= 0.9, (t - 0.26).truncatingRemainder(dividingBy: 0.1) < 0.045, t < 0.86,
                        Int(s * 48) % 5 != 0
                    {
                        value = 42
                    }
                }
                luma[y * width + x] = UInt8(min(255, max(0, value.rounded())))
            }
        }
        return luma
    }
}
