import AuthService
import Synchronization
import XCTest

/// The organization check of `runtime.create`: what Folio answered is remembered, a known organization for
/// minutes, an unknown one and a Folio that could not be asked only briefly.
final class OrganizationCheckTests: XCTestCase {
    /// A fake Folio that knows `known`, counts its requests, and may be down.
    final class FakeFolio: Sendable {
        let known: Set<String>
        let requests = Mutex(0)
        let down = Mutex(false)
        let clock = Mutex(ContinuousClock.now)

        init(known: Set<String>) { self.known = known }

        func advance(_ duration: Duration) { clock.withLock { $0 += duration } }

        func check() -> OrganizationCheck {
            OrganizationCheck(now: { self.clock.withLock { $0 } }) { organizationID in
                self.requests.withLock { $0 += 1 }
                try? await Task.sleep(for: .milliseconds(20))
                if self.down.withLock({ $0 }) { return .unreachable("Folio is unreachable") }
                return self.known.contains(organizationID) ? .known : .unknown
            }
        }
    }

    func testAKnownOrganizationIsAskedOnceAndRememberedForMinutes() async {
        let folio = FakeFolio(known: ["org-demo"])
        let check = folio.check()
        let first = await check.answer(for: "org-demo")
        XCTAssertEqual(first, .known)
        folio.advance(.seconds(299))
        let later = await check.answer(for: "org-demo")
        XCTAssertEqual(later, .known)
        XCTAssertEqual(folio.requests.withLock { $0 }, 1)
        folio.advance(.seconds(2))
        _ = await check.answer(for: "org-demo")
        XCTAssertEqual(folio.requests.withLock { $0 }, 2, "after five minutes Folio is asked again")
    }

    func testAnUnknownOrganizationIsRememberedOnlyBriefly() async {
        let folio = FakeFolio(known: [])
        let check = folio.check()
        let first = await check.answer(for: "org_missing")
        XCTAssertEqual(first, .unknown)
        let again = await check.answer(for: "org_missing")
        XCTAssertEqual(again, .unknown)
        XCTAssertEqual(folio.requests.withLock { $0 }, 1)
        folio.advance(.seconds(11))
        _ = await check.answer(for: "org_missing")
        XCTAssertEqual(folio.requests.withLock { $0 }, 2)
    }

    func testAFolioThatCannotBeAskedIsNotAnAnswerAndIsAskedAgainSoon() async {
        let folio = FakeFolio(known: ["org-demo"])
        folio.down.withLock { $0 = true }
        let check = folio.check()
        let down = await check.answer(for: "org-demo")
        XCTAssertEqual(down, .unreachable("Folio is unreachable"))
        folio.down.withLock { $0 = false }
        folio.advance(.seconds(6))
        let back = await check.answer(for: "org-demo")
        XCTAssertEqual(back, .known)
        XCTAssertEqual(folio.requests.withLock { $0 }, 2)
    }

    func testConcurrentChecksOfOneOrganizationShareOneRequest() async {
        let folio = FakeFolio(known: ["org-demo"])
        let check = folio.check()
        let answers = await withTaskGroup(of: OrganizationCheck.Answer.self) { group in
            for _ in 0..<20 { group.addTask { await check.answer(for: "org-demo") } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(answers, Array(repeating: .known, count: 20))
        XCTAssertEqual(folio.requests.withLock { $0 }, 1)
    }
}
