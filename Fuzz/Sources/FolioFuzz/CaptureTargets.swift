import DocumentCapture
import Images

/// A camera preview frame (FrameAnalyzer, what the InquiryStore runs on each PREVIEW_FRAME, then CaptureDecider).
/// Input: one byte for the width, then the Y plane; the height is as many whole rows as the bytes fill, the way
/// the Gateway only passes on a body of exactly width × height bytes. The measures go to a decider held for
/// a second of frames 100 ms apart.
enum FrameTarget: FuzzTarget {
    static let name = "frame"
    static let maxLength = 1 + 160 * 120
    static let analyzer = FrameAnalyzer()

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let width = Int(input.byte())
        let plane = input.rest()
        let height = width == 0 ? 0 : plane.count / width
        let measures = analyzer.measure(luma: Array(plane.prefix(width * height)), width: width, height: height)
        guard measures.width == width, measures.height == height else { FuzzCheck.fail("measures of another size") }
        for value in [measures.fill, measures.sharpness, measures.exposure, measures.glare, measures.aspectRatio]
        where !value.isFinite {
            FuzzCheck.fail("a measure that is not a number: \(measures)")
        }
        var decider = CaptureDecider()
        for frame in 0..<10 { _ = decider.observe(measures, atMillis: Int64(frame) * 100) }
    }
}

/// An uploaded image (ImageReader over libvips, what the identity saver runs on a selfie or document photo
/// before storing it). The reader is the service's but for a pixel limit of 4 million, so that an input
/// claiming a huge image is refused by the same check before decoding instead of taking seconds per run.
enum ImageTarget: FuzzTarget {
    static let name = "image"
    static let maxLength = 64 * 1024
    static let reader = ImageReader(maxPixels: 4_000_000)

    static func run(_ bytes: [UInt8]) {
        guard let meta = try? reader.read(bytes) else { return }
        guard meta.width > 0, meta.height > 0, Int64(meta.width) * Int64(meta.height) <= reader.maxPixels,
            meta.sizeBytes == Int64(bytes.count)
        else { FuzzCheck.fail("an image read with a size outside the reader's limits: \(meta)") }
    }
}
