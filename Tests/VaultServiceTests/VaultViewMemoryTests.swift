import CMalloc
import FolioModel
import XCTest

@testable import VaultService

/// What a mounted vault holds per record: its view keeps each record as its wire JSON only (`VaultView`), and
/// `bench/run vault-sync` measures the service's memory per record against a 2 KiB target. The heap a view of
/// records like the bench's takes is checked here, so a change that makes each record cost more shows in the
/// tests, not only in a benchmark run.
final class VaultViewMemoryTests: XCTestCase {
    /// The heap a view of records like the bench's (a 1,024-byte payload) may take per record: 2,070 bytes were
    /// measured here while the bench measured 1,938–1,944 bytes of memory a record, and 2,407 while each small
    /// object kept up to twice the space of its members (2,277–2,307 in the bench); the budget lies between.
    static let budgetPerRecord = 2_200

    func testAViewHoldsARecordWithAKiBPayloadInAtMostItsBudgetOfHeap() {
        let count = 4_000
        let before = Self.heapBytes()
        var view = VaultView()
        for index in 0..<count {
            let (record, localID) = Self.record(index)
            view.append(record: record, key: VaultEntryKey(createdAt: Int64(index), localID: localID))
        }
        let perRecord = (Self.heapBytes() - before) / count
        XCTAssertEqual(view.recordsJSON.count, count)
        XCTAssertLessThanOrEqual(perRecord, Self.budgetPerRecord, "\(perRecord) bytes of heap per record")
    }

    /// A store reads its view again after changes it cannot patch, and keeps the JSON of every record that did
    /// not change from the view before (`VaultView.sharing(with:)`). What the new read made for those records must
    /// then all go: the store holds one copy of each record, not one per read.
    func testAViewReadAgainAndSharedWithTheOneItReplacesHoldsNoMoreHeapThanThatOne() {
        let count = 4_000
        func read() -> VaultView {
            var view = VaultView()
            for index in 0..<count {
                let (record, localID) = Self.record(index)
                view.append(record: record, key: VaultEntryKey(createdAt: Int64(index), localID: localID))
            }
            return view
        }
        let before = Self.heapBytes()
        var shown: VaultView? = read()
        let first = Self.heapBytes() - before
        let again = read().sharing(with: shown ?? VaultView())
        shown = nil
        let held = Self.heapBytes() - before
        XCTAssertEqual(again.recordsJSON.count, count)
        XCTAssertNil(shown)
        XCTAssertLessThanOrEqual(
            held, first + 8 * count,
            "\(held / count) bytes a record after the second read, \(first / count) after the first")
    }

    /// Bytes allocated and not freed, in every arena and in blocks mapped on their own.
    private static func heapBytes() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
    }

    /// A record as a signed-in vault shows it after a push: Folio's id, a revision, a 1,024-byte payload.
    private static func record(_ index: Int) -> (record: VaultRecord, localID: String) {
        let localID = "D_" + String(repeating: "a", count: 20) + String(100_000 + index)
        let head = #"{"title":"bench record \#(index)","body":""#
        let payload = head + String(repeating: "x", count: 1024 - head.utf8.count - 2) + #""}"#
        let header = RecordHeader(
            id: "rec_" + String(repeating: "b", count: 20) + String(100_000 + index), schema: "note", version: 1,
            state: .active, permission: .owner, createdAt: 1_780_000_000, updatedAt: 1_780_000_000,
            sync: RecordSync(dirty: false, revision: 1))
        return (VaultRecord(key: localID, header: header, payload: payload), localID)
    }
}
