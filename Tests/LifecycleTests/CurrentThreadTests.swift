import Foundation
import Lifecycle
import XCTest

final class CurrentThreadTests: XCTestCase {
    func testANameIsTheCallingThreadsCutToFifteenBytesAndNoOtherThreads() {
        let done = DispatchSemaphore(value: 0)
        let named = Thread {
            XCTAssertTrue(CurrentThread.setName("a-name-longer-than-fifteen"))
            XCTAssertEqual(Self.name(ofTask: "/proc/thread-self"), "a-name-longer-t")
            done.signal()
        }
        let before = Self.name(ofTask: "/proc/thread-self")
        named.start()
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(Self.name(ofTask: "/proc/thread-self"), before, "the thread that started it keeps its name")
    }

    private static func name(ofTask directory: String) -> String {
        let comm = (try? String(contentsOfFile: "\(directory)/comm", encoding: .utf8)) ?? ""
        return comm.trimmingCharacters(in: .newlines)
    }
}
