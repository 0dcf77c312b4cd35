import FolioModel
import XCTest

final class JSONPointerTests: XCTestCase {
    func testATokensTildeIsWrittenAsTilde0AndItsSlashAsTilde1AndOtherTextAsItIs() {
        let pointer = JSONPointer(tokens: ["a/b~c", "plain", "", "~01/", "ünï ☃"])
        XCTAssertEqual(pointer.description, "/a~1b~0c/plain//~001~1/ünï ☃")
    }

    func testAWrittenPointerReadsBackAsItsTokens() throws {
        let tokens = ["a/b~c", "plain", "", "~01/", "ünï ☃", "0", "-"]
        XCTAssertEqual(try XCTUnwrap(JSONPointer(JSONPointer(tokens: tokens).description)).tokens, tokens)
        XCTAssertEqual(JSONPointer(tokens: []).description, "")
    }
}
