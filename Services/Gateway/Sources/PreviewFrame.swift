import Bus
import FolioModel
import Foundation

/// One camera preview frame sent to `POST /frames`: the Y plane (one byte per pixel, rows top to bottom)
/// of a `width` × `height` image.
struct PreviewFrame: Sendable, Equatable {
    var width: Int
    var height: Int
    var bytes: [UInt8]

    /// Widths and heights a frame may have.
    static let dimensions = 1...8192
    /// The largest body `POST /frames` reads: the Y plane of the largest frame (64 MiB).
    static let maxBodyBytes = dimensions.upperBound * dimensions.upperBound

    /// The frame of a request's `width` and `height` query parameters and its body, or the
    /// `-32602 Invalid params` error naming what is wrong.
    static func parse(width: String?, height: String?, body: [UInt8]) -> Result<PreviewFrame, JSONRPCError> {
        let width = dimension("width", width)
        let height = dimension("height", height)
        switch (width, height) {
        case (.failure(let error), _), (_, .failure(let error)):
            return .failure(error)
        case (.success(let width), .success(let height)):
            guard body.count == width * height else {
                return .failure(
                    .invalidParams(
                        "the body holds \(body.count) bytes, but a Y plane of width \(width) × height \(height) "
                            + "holds \(width * height)"))
            }
            return .success(PreviewFrame(width: width, height: height, bytes: body))
        }
    }

    /// A decimal query parameter in ``dimensions``.
    private static func dimension(_ name: String, _ text: String?) -> Result<Int, JSONRPCError> {
        guard let text, !text.isEmpty else { return .failure(.invalidParams("missing query parameter \(name)")) }
        guard text.utf8.count <= 5, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(text),
            dimensions.contains(value)
        else {
            return .failure(
                .invalidParams(
                    "query parameter \(name) must be a whole number from \(dimensions.lowerBound) to "
                        + "\(dimensions.upperBound)"))
        }
        return .success(value)
    }

    /// About how many bytes the frame's `store.dispatch` takes on the bus: its bytes in base64 and at most
    /// 1 KiB of envelope (method, store id, runtime id, the action's tags).
    var busSize: Int { (bytes.count + 2) / 3 * 4 + 1024 }

    /// The InquiryStore action that carries the frame: `ACT` of a `PREVIEW_FRAME` intent, the bytes in
    /// standard base64 (docs/inquiry-store.md).
    var action: JSONValue {
        let frame: JSONValue = [
            "width": .int(Int64(width)), "height": .int(Int64(height)),
            "bytes": .string(Data(bytes).base64EncodedString()),
        ]
        return ["type": "ACT", "value": ["type": "PREVIEW_FRAME", "value": frame]]
    }
}
