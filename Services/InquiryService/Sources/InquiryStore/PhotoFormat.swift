/// The format of a photo's bytes, read from their signature: what a selfie's UploadCapture is uploaded as.
enum PhotoFormat {
    case jpeg
    case png
    case webp
    case heic
    case unknown

    init(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8)
        {
            self = .webp
        } else if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8),
            ["heic", "heix", "mif1"].contains(String(decoding: bytes[8..<12], as: UTF8.self))
        {
            self = .heic
        } else {
            self = .unknown
        }
    }

    var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .heic: "image/heic"
        case .unknown: "application/octet-stream"
        }
    }

    var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        case .heic: "heic"
        case .unknown: "bin"
        }
    }
}
