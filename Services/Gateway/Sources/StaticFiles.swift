import Foundation
import HTTP

/// Serves the files under one folder for GET requests (the reference thin client), refusing any path
/// that would leave it: `..` segments, hidden files, and symbolic links that point outside.
public struct StaticFiles: Sendable {
    /// The folder, with symbolic links resolved.
    public let root: String
    /// Larger files are refused with 404.
    public let maxFileSize: Int

    /// File reads are blocking calls, so they run on this queue and not on the cooperative pool.
    private static let queue = DispatchQueue(label: "folio.gateway.static-files")

    public init(root: String, maxFileSize: Int = 32 << 20) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        self.maxFileSize = maxFileSize
    }

    /// The file a request path names, or nil when the path is refused. `/` and folders mean their
    /// `index.html`.
    public func resolve(_ path: String) -> String? {
        var segments: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            guard !segment.hasPrefix("."), !segment.contains("\\"), !segment.contains("\0") else { return nil }
            segments.append(String(segment))
        }
        var candidate = URL(fileURLWithPath: root)
        for segment in segments { candidate.appendPathComponent(segment) }
        var resolved = candidate.resolvingSymlinksInPath().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            resolved =
                URL(fileURLWithPath: resolved).appendingPathComponent("index.html").resolvingSymlinksInPath().path
        }
        guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return nil }
        return resolved
    }

    /// The response for a GET of `path`: the file with its content type, or 404.
    public func response(for path: String) async -> HTTPResponse {
        await withCheckedContinuation { continuation in
            Self.queue.async { continuation.resume(returning: read(path)) }
        }
    }

    /// The Content-Security-Policy of the client's files: scripts, styles and connections from the Gateway
    /// only (no inline script or style), images also as `data:`/`blob:` URLs, camera streams as `mediastream:`,
    /// no frames around the page, no plugins.
    public static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        + "media-src 'self' blob: mediastream:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
        + "form-action 'self'; object-src 'none'"

    /// The headers of every answer for a static file (404s included) and of `/qr.svg`.
    public static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ]

    private func read(_ path: String) -> HTTPResponse {
        guard let file = resolve(path),
            let attributes = try? FileManager.default.attributesOfItem(atPath: file),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= maxFileSize,
            let data = FileManager.default.contents(atPath: file)
        else {
            var notFound = HTTPResponse.notFound
            notFound.headers += Self.securityHeaders
            return notFound
        }
        return HTTPResponse(
            status: 200,
            headers: [("Content-Type", Self.contentType(of: file)), ("Cache-Control", "no-cache")]
                + Self.securityHeaders,
            body: .bytes(Array(data)))
    }

    /// The content type for a file name's extension; `application/octet-stream` when unknown.
    public static func contentType(of file: String) -> String {
        switch URL(fileURLWithPath: file).pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "json", "map": "application/json"
        case "txt": "text/plain; charset=utf-8"
        case "svg": "image/svg+xml; charset=utf-8"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "wasm": "application/wasm"
        case "woff": "font/woff"
        case "woff2": "font/woff2"
        case "webmanifest": "application/manifest+json"
        default: "application/octet-stream"
        }
    }
}
