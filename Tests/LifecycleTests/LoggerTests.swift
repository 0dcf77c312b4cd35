import Foundation
import Lifecycle
import XCTest

final class LoggerTests: XCTestCase {
    private let newYear = Date(timeIntervalSince1970: 1_735_689_600.123_4)

    private func object(_ line: [UInt8]) throws -> [String: String] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line)) as? [String: String], "a JSON object of strings")
    }

    func testALineIsOneJSONObjectWithSortedKeysWhoseOwnMembersWin() throws {
        let logger = Logger(service: "auth").with(["worker": "w-1", "zone": "a"])
        let line = logger.line(.info, "runtime created", ["runtimeId": "rt_1", "level": "forged"], at: newYear)
        XCTAssertEqual(line.last, 0x0A, "one line")
        XCTAssertEqual(line.filter { $0 == 0x0A }.count, 1)
        XCTAssertEqual(
            try object(line),
            [
                "time": "2025-01-01T00:00:00.123Z", "level": "info", "service": "auth", "message": "runtime created",
                "runtimeId": "rt_1", "worker": "w-1", "zone": "a",
            ])
        let text = String(decoding: line, as: UTF8.self)
        let keys = ["level", "message", "runtimeId", "service", "time", "worker", "zone"]
        let positions = keys.compactMap { text.range(of: "\"\($0)\":")?.lowerBound }
        XCTAssertEqual(positions.count, keys.count)
        XCTAssertEqual(positions, positions.sorted(), "keys in order: \(text)")
    }

    func testTimeIsUTCWithMillisecondsAndZeroPadded() throws {
        let leapDay = Date(timeIntervalSince1970: 951_782_405.007_9)
        XCTAssertEqual(
            try object(Logger(service: "s").line(.error, "m", [:], at: leapDay))["time"], "2000-02-29T00:00:05.007Z")
    }

    func testQuotesBackslashesAndControlCharactersAreEscapedButSlashesAndNonASCIIAreNot() throws {
        let message = "say \"hi\"\\ to /v1/runs\nnow\t\u{01} grüß"
        let line = Logger(service: "s").line(.warning, message, [:], at: newYear)
        XCTAssertEqual(try object(line)["message"], message, "reads back unchanged")
        let text = String(decoding: line, as: UTF8.self)
        XCTAssertTrue(text.contains("/v1/runs"), text)
        XCTAssertTrue(text.contains("\\u0001"), text)
        XCTAssertTrue(text.contains("grüß"), text)
    }
}
