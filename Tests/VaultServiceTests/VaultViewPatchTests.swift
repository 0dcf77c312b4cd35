import FolioModel
import WireModel
import XCTest

@testable import VaultService

/// How a view takes in a patch (`VaultView.apply`): each entry the patch names leaves the list, found under its
/// local id or the id it shows under, and goes back where it sorts; the others stay as and where they were.
final class VaultViewPatchTests: XCTestCase {
    /// Twenty records in creation order; the even ones Folio has confirmed, so they show under Folio's id.
    private func view() -> VaultView {
        var view = VaultView()
        for index in 0..<20 {
            view.append(record: record(index, payload: "{}"), key: key(index))
        }
        return view
    }

    private func key(_ index: Int) -> VaultEntryKey { VaultEntryKey(createdAt: Int64(index), localID: "D_\(index)") }

    private func record(_ index: Int, payload: String) -> VaultRecord {
        record(key: "D_\(index)", shownAs: index.isMultiple(of: 2) ? "rec_\(index)" : "D_\(index)", payload: payload)
    }

    private func record(key: String, shownAs id: String, payload: String) -> VaultRecord {
        VaultRecord(
            key: key,
            header: RecordHeader(
                id: id, schema: "note", version: 1, state: .active, permission: .owner, createdAt: 1, updatedAt: 1,
                sync: RecordSync(dirty: true)),
            payload: payload)
    }

    private func patch(_ indices: [Int]) -> VaultViewPatch {
        VaultViewPatch(
            entries: indices.map { index in
                .init(
                    localID: "D_\(index)", folioID: index.isMultiple(of: 2) ? "rec_\(index)" : nil,
                    createdAt: Int64(index), change: .record(record(index, payload: #"{"v":2}"#)))
            })
    }

    private func assertPatched(_ patched: [Int], file: StaticString = #filePath, line: UInt = #line) {
        var view = view()
        XCTAssertTrue(view.apply(patch(patched)), file: file, line: line)
        let expected = (0..<20).map { index in
            record(index, payload: patched.contains(index) ? #"{"v":2}"# : "{}").json
        }
        XCTAssertEqual(view.recordsJSON, expected, file: file, line: line)
    }

    func testAPatchOfOneEntryReplacesItWhereverItShowsAndKeepsTheOrder() {
        assertPatched([4])
        assertPatched([7])
        assertPatched([0])
        assertPatched([19])
    }

    func testAPatchOfManyEntriesReplacesEachWhereverItShowsAndKeepsTheOrder() {
        assertPatched([1, 2, 3, 5, 8, 9, 10, 13, 14, 17, 18])
        assertPatched(Array(0..<20))
    }

    func testAnEntryShownUnderFolioIDThatAPatchGivesAnotherLocalIDLeavesTheView() {
        var view = view()
        // Folio's rec_4 came back as a new local entry, D_30: the view shows it once, under Folio's id.
        let moved = record(key: "D_30", shownAs: "rec_4", payload: "{}")
        let patch = VaultViewPatch(
            entries: [.init(localID: "D_30", folioID: "rec_4", createdAt: 30, change: .record(moved))])
        XCTAssertTrue(view.apply(patch))
        XCTAssertEqual(view.recordsJSON.count, 20)
        XCTAssertEqual(view.recordsJSON.last, moved.json)
        XCTAssertFalse(view.recordsJSON.dropLast().contains { $0["header"]?["id"] == "rec_4" })
    }
}
