import CQRencode
import Foundation

/// QR codes as SVG through libqrencode: the handoff link of the reference client (`GET /qr.svg?data=…`).
public enum QRCodeSVG {
    /// The data a code may hold, in bytes.
    public static let dataSizes = 1...1024
    /// Light modules around the code on every side, as the QR specification asks.
    public static let quietZone = 4

    /// The modules of one code: `width × width` booleans, row by row, true for dark.
    public struct Modules: Equatable, Sendable {
        /// The QR version (1–40) libqrencode chose.
        public let version: Int
        /// Modules per side, without the quiet zone.
        public let width: Int
        public let dark: [Bool]

        public func isDark(x: Int, y: Int) -> Bool { dark[y * width + x] }
    }

    public enum Failure: Error, Equatable {
        /// The data is empty or longer than ``dataSizes``.
        case invalidSize(Int)
        /// libqrencode refused the data (its `errno`).
        case encodingFailed(Int32)
    }

    /// Encodes `data` in 8-bit mode, error correction level M, the smallest version that holds it.
    public static func modules(_ data: [UInt8]) -> Result<Modules, Failure> {
        guard dataSizes.contains(data.count) else { return .failure(.invalidSize(data.count)) }
        errno = 0
        let encoded = data.withUnsafeBufferPointer { buffer in
            QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, 0, QR_ECLEVEL_M)
        }
        guard let code = encoded else { return .failure(.encodingFailed(errno)) }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let bytes = code.pointee.data else { return .failure(.encodingFailed(EINVAL)) }
        // Bit 0 of each byte is the module's colour; the other bits say what the module is part of.
        let dark = (0..<(width * width)).map { bytes[$0] & 1 == 1 }
        return .success(Modules(version: Int(code.pointee.version), width: width, dark: dark))
    }

    /// The SVG of a code: a white square with the quiet zone, and every dark module in one path
    /// (one `h` run per horizontal stretch of dark modules), one user unit per module.
    public static func svg(_ modules: Modules) -> String {
        let size = modules.width + 2 * quietZone
        var path = ""
        for y in 0..<modules.width {
            var x = 0
            while x < modules.width {
                guard modules.isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < modules.width, modules.isDark(x: x, y: y) { x += 1 }
                path += "M\(start + quietZone) \(y + quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" width="\(size * 4)" \
            height="\(size * 4)" shape-rendering="crispEdges"><rect width="\(size)" height="\(size)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/></svg>

            """
    }
}
