import Foundation
import HTTP
import XCTest

/// `inlinePaths`: a handler of such a path goes on on the thread that ended its wait.
final class HTTPServerInlineTests: XCTestCase {
    func testAHandlerOfAnInlinePathGoesOnOnTheThreadThatResumedIt() async throws {
        let (resumer, after) = try await threadsAroundAWait(requesting: "/inline")
        XCTAssertEqual(after, resumer)
    }

    func testAHandlerOfAnyOtherPathGoesOnOnTheCooperativePool() async throws {
        let (resumer, after) = try await threadsAroundAWait(requesting: "/other")
        XCTAssertNotEqual(after, resumer)
    }

    /// Requests `path` of a server whose inline path is `/inline` and whose handler waits to be resumed by a
    /// thread of its own: that thread, and the one the handler went on on.
    private func threadsAroundAWait(requesting path: String) async throws -> (pthread_t, pthread_t) {
        let threads = ThreadRecord()
        let server = try startServer(.init(inlinePaths: ["/inline"])) { _ in
            await threads.waitResumedByAThreadOfItsOwn()
            return HTTPResponse(status: 200, text: "done")
        }
        let answer = try await HTTPClient().send(HTTPClientRequest(url: url(server, path)))
        await server.shutdown()
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(text(answer.body), "done")
        return try XCTUnwrap(threads.taken)
    }

    func testEveryRequestToAnInlinePathWhoseHandlerAnswersWithoutWaitingIsAnswered() async throws {
        let server = try startServer(.init(inlinePaths: ["/inline"])) { request in
            HTTPResponse(status: 200, text: "echo " + text(request.body))
        }
        let client = HTTPClient()
        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<200 {
                group.addTask {
                    let answer = try await client.send(
                        HTTPClientRequest(method: "POST", url: url(server, "/inline"), body: Array("\(index)".utf8)))
                    return (answer.status, text(answer.body))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.1] = $1.0 }
        }
        XCTAssertEqual(bodies, Dictionary(uniqueKeysWithValues: (0..<200).map { ("echo \($0)", 200) }))
        await server.shutdown()
    }
}

/// The thread that resumed a handler's wait, and the thread the handler was on after it.
private final class ThreadRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var resumer: pthread_t?
    private var after: pthread_t?

    var taken: (pthread_t, pthread_t)? {
        lock.withLock { resumer.flatMap { resumer in after.map { (resumer, $0) } } }
    }

    /// Waits for a new thread to resume it, then notes that thread and its own.
    func waitResumedByAThreadOfItsOwn() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread { [self] in
                lock.withLock { resumer = pthread_self() }
                continuation.resume()
                // The thread stays until the handler has noted its own, so its id cannot be reused meanwhile.
                while lock.withLock({ after == nil }) { usleep(1000) }
            }.start()
        }
        lock.withLock { after = pthread_self() }
    }
}
