import XCTest

@testable import VaultService

/// A pass's push sends at most `width` units at once; a batch's place frees once Folio answered it, while its
/// answers are recorded; no unit goes out while `width` answered batches wait to be recorded.
final class VaultPushScheduleTests: XCTestCase {
    private func item(_ id: String) -> PushItem {
        PushItem(
            id: id, folioID: nil, kind: .record, schema: "note", version: 1, state: .active, folioState: nil,
            bodyDirty: true, body: [1], recordKey: [2], revision: nil, localSeq: 1)
    }

    /// Batches B1…Bn of one entry each (the schedule does not look inside a unit).
    private func batches(_ count: Int) -> [VaultPush.Unit] {
        (1...count).map { .creates([item("B\($0)")]) }
    }

    private func names(_ units: [VaultPush.Unit]) -> [String] {
        units.map { unit in
            switch unit {
            case .creates(let items): items.map(\.id).joined(separator: "+")
            case .entry(let item): item.id
            }
        }
    }

    func testNoMoreThanWidthUnitsGoOutAtTheStart() {
        var schedule = VaultPushSchedule(batches(6), width: 4)
        XCTAssertEqual(names(schedule.start()), ["B1", "B2", "B3", "B4"])
        XCTAssertEqual(schedule.sending, 4)
        XCTAssertEqual(schedule.recording, 0)
    }

    func testABatchAnsweredFreesItsPlaceForTheNextUnitWhileItsAnswersAreRecorded() {
        var schedule = VaultPushSchedule(batches(6), width: 4)
        _ = schedule.start()
        XCTAssertEqual(names(schedule.batchAnswered()), ["B5"])
        XCTAssertEqual(schedule.sending, 4)
        XCTAssertEqual(schedule.recording, 1)
        XCTAssertEqual(names(schedule.batchRecorded()), [], "a recording that ends frees no place at Folio")
        XCTAssertEqual(schedule.recording, 0)
    }

    func testAnEntryPushedOnItsOwnFreesItsPlace() {
        var schedule = VaultPushSchedule([.entry(item("E1")), .entry(item("E2"))], width: 1)
        XCTAssertEqual(names(schedule.start()), ["E1"])
        XCTAssertEqual(names(schedule.entryPushed()), ["E2"])
        XCTAssertEqual(schedule.sending, 1)
        XCTAssertEqual(schedule.recording, 0)
    }

    func testWhileWidthAnsweredBatchesWaitToBeRecordedNoUnitGoesOut() {
        var schedule = VaultPushSchedule(batches(10), width: 2)
        XCTAssertEqual(names(schedule.start()), ["B1", "B2"])
        XCTAssertEqual(names(schedule.batchAnswered()), ["B3"])
        XCTAssertEqual(names(schedule.batchAnswered()), [], "two answered batches wait to be recorded")
        XCTAssertEqual(names(schedule.batchAnswered()), [])
        XCTAssertEqual(schedule.sending, 0)
        XCTAssertEqual(schedule.recording, 3)
        XCTAssertEqual(names(schedule.batchRecorded()), [], "still two waiting")
        XCTAssertEqual(names(schedule.batchRecorded()), ["B4", "B5"], "one waiting: the places at Folio fill")
        XCTAssertEqual(schedule.sending, 2)
        XCTAssertEqual(schedule.recording, 1)
    }
}
