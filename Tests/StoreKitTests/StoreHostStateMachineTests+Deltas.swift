import FolioModel
import StoreKit
import XCTest

/// Deltas: once a client asks for a patch, the store keeps the patches of its last few changes, and a client
/// that holds one of those versions gets the patch from it, which applied to its model gives the current one.
extension StoreHostStateMachineTests {
    private func increment(_ machine: inout Machine, by amount: Int64) {
        _ = machine.eventReceived(.actionReceived(.increment(by: amount)))
        _ = machine.snapshotSaved()
    }

    func testTheFirstAskStartsKeepingPatchesAndAnswersNilUnlessTheVersionsAreOne() {
        var machine = makeMachine(persists: false)
        increment(&machine, by: 1)
        XCTAssertNil(machine.patch(from: 0, to: 1), "nothing was kept before the first ask")
        XCTAssertEqual(machine.patch(from: 1, to: 1), JSONPatch([]), "a client that holds the current version")
        increment(&machine, by: 2)
        let patch = try? XCTUnwrap(machine.patch(from: 1, to: 2))
        XCTAssertEqual(try patch?.apply(to: model(1)), model(3))
    }

    func testAPatchFromAnyOfTheLastFourVersionsGivesTheCurrentModelAndOlderOnesAreNotKept() throws {
        var machine = makeMachine(persists: false)
        _ = machine.patch(from: 0, to: 0)
        var models = [model(0)]
        for step in 1...6 {
            increment(&machine, by: 1)
            models.append(model(Int64(step)))
        }
        XCTAssertEqual(machine.current.version, 6)
        for base in 2...5 {
            let patch = try XCTUnwrap(machine.patch(from: Int64(base), to: 6), "from version \(base)")
            XCTAssertEqual(try patch.apply(to: models[base]), models[6])
        }
        XCTAssertNil(machine.patch(from: 1, to: 6), "five versions back is further than kept")
        XCTAssertEqual(try machine.patch(from: 3, to: 5)?.apply(to: models[3]), models[5], "to an earlier version")
        XCTAssertNil(machine.patch(from: 5, to: 7), "a version that does not exist yet")
    }

    func testAChangeDiffedOnceItsSnapshotLeftGivesTheSamePatchAsOneDiffedWhenAsked() throws {
        var diffedEarly = makeMachine(persists: false)
        var diffedWhenAsked = makeMachine(persists: false)
        _ = diffedEarly.patch(from: 0, to: 0)
        _ = diffedWhenAsked.patch(from: 0, to: 0)
        for amount: Int64 in [3, 4] {
            increment(&diffedEarly, by: amount)
            diffedEarly.diffRecordedChanges()
            increment(&diffedWhenAsked, by: amount)
        }
        let early = try XCTUnwrap(diffedEarly.patch(from: 0, to: 2))
        XCTAssertEqual(early, try XCTUnwrap(diffedWhenAsked.patch(from: 0, to: 2)))
        XCTAssertEqual(try early.apply(to: model(0)), model(7))
    }

    func testAnEventThatLeavesTheModelAsItWasAddsNoPatch() throws {
        var machine = makeMachine(persists: false, state: .init(count: 2))
        _ = machine.patch(from: 0, to: 0)
        _ = machine.eventReceived(.actionReceived(.increment(by: 0)))
        XCTAssertEqual(machine.current.version, 0)
        increment(&machine, by: 1)
        XCTAssertEqual(try machine.patch(from: 0, to: 1)?.apply(to: model(2)), model(3))
    }
}
