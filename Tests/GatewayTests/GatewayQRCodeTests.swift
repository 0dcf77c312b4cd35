import CQRencode
import Foundation
import GatewayService
import HTTP
import XCTest

/// `GET /qr.svg`: the SVG holds exactly the modules libqrencode makes for the data, with the quiet zone.
final class GatewayQRCodeTests: XCTestCase {
    /// The modules an SVG of ``QRCodeSVG`` draws: its side (viewBox) and the dark cells of its path.
    private func decode(_ svg: String) throws -> (size: Int, dark: Set<[Int]>) {
        let viewBox = try XCTUnwrap(svg.range(of: #"viewBox="0 0 (\d+) \1""#, options: .regularExpression))
        let size = try XCTUnwrap(Int(svg[viewBox].split(separator: " ").last!.dropLast()))
        let start = try XCTUnwrap(svg.range(of: ##"<path fill="#000" d=""##))
        let path = svg[start.upperBound...].prefix { $0 != "\"" }
        var dark = Set<[Int]>()
        // Each run is "M<x> <y>h<n>v1h-<n>z".
        for run in path.split(separator: "z") {
            let numbers = run.split(whereSeparator: { "Mhv -".contains($0) }).compactMap { Int($0) }
            XCTAssertEqual(numbers.count, 5, String(run))
            guard numbers.count == 5 else { continue }
            XCTAssertEqual(numbers[3], 1)
            XCTAssertEqual(numbers[2], numbers[4])
            for x in numbers[0]..<(numbers[0] + numbers[2]) { dark.insert([x, numbers[1]]) }
        }
        return (size, dark)
    }

    /// What libqrencode itself makes for the data (8-bit mode, level M): version and dark modules.
    private func reference(_ data: [UInt8]) throws -> (version: Int, width: Int, dark: Set<[Int]>) {
        let code = try XCTUnwrap(
            data.withUnsafeBufferPointer { QRcode_encodeData(Int32($0.count), $0.baseAddress, 0, QR_ECLEVEL_M) })
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        var dark = Set<[Int]>()
        for y in 0..<width {
            for x in 0..<width where code.pointee.data[y * width + x] & 1 == 1 { dark.insert([x, y]) }
        }
        return (Int(code.pointee.version), width, dark)
    }

    func testTheSVGDrawsTheModulesOfLibqrencodeWithAQuietZone() async throws {
        let harness = try await GatewayHarness()
        for data in [
            "HELLO WORLD", "http://127.0.0.1:8080/?org=org-demo&code=ABCD-1234", String(repeating: "é", count: 512),
        ] {
            let encoded = try XCTUnwrap(data.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let response = try await harness.get("/qr.svg?data=\(encoded)")
            XCTAssertEqual(response.status, 200, data)
            XCTAssertEqual(response.headers["content-type"], "image/svg+xml; charset=utf-8")
            XCTAssertEqual(response.headers["content-security-policy"], StaticFiles.contentSecurityPolicy)
            XCTAssertEqual(response.headers["x-content-type-options"], "nosniff")
            XCTAssertEqual(response.headers["referrer-policy"], "no-referrer")
            let svg = text(response.body)
            XCTAssertEqual(svg.components(separatedBy: "<path").count, 2, "one path of modules")
            let drawn = try decode(svg)
            let expected = try reference(Array(data.utf8))
            XCTAssertEqual(expected.width, 17 + 4 * expected.version, "a version-\(expected.version) code")
            XCTAssertEqual(drawn.size, expected.width + 2 * QRCodeSVG.quietZone)
            let shifted = Set(expected.dark.map { [$0[0] + QRCodeSVG.quietZone, $0[1] + QRCodeSVG.quietZone] })
            XCTAssertEqual(drawn.dark, shifted, data)
        }
        // 11 bytes fit version 1 at level M (14 bytes): 21 modules, 29 with the quiet zone.
        let hello = try XCTUnwrap(QRCodeSVG.modules(Array("HELLO WORLD".utf8)).get())
        XCTAssertEqual(hello.version, 1)
        XCTAssertEqual(hello.width, 21)
        await harness.stop()
    }

    func testBadDataIs400() async throws {
        let harness = try await GatewayHarness()
        for query in ["", "?data=", "?other=x", "?data=" + String(repeating: "a", count: 1025)] {
            let response = try await harness.get("/qr.svg" + query)
            XCTAssertEqual(response.status, 400, query)
            XCTAssertEqual(response.headers["content-security-policy"], StaticFiles.contentSecurityPolicy)
        }
        let longest = try await harness.get("/qr.svg?data=" + String(repeating: "a", count: 1024))
        XCTAssertEqual(longest.status, 200)
        let post = try await harness.http.send(HTTPClientRequest(method: "POST", url: harness.url("/qr.svg?data=a")))
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(QRCodeSVG.modules([]), .failure(.invalidSize(0)))
        await harness.stop()
    }
}
