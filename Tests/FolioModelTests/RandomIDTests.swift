import XCTest

@testable import FolioModel

final class RandomIDTests: XCTestCase {
    func testAnIDHasTheCountAskedForAndOnlyCharactersOfTheAlphabet() {
        let alphabet = Set("abcdefghijklmnopqrstuvwxyz234567")
        for count in [0, 1, 11, 12, 13, 24, 26, 100] {
            let id = RandomID.base32(count: count)
            XCTAssertEqual(id.count, count)
            XCTAssertTrue(id.allSatisfy(alphabet.contains), "\(id)")
        }
    }

    func testEveryCharacterOfTheAlphabetTurnsUpAtEveryPositionOfManyIDs() {
        // 2,000 draws leave one of 32 characters out of one position with a chance below 1e-25.
        let ids = (0..<2_000).map { _ in Array(RandomID.base32(count: 26).utf8) }
        for position in 0..<26 {
            XCTAssertEqual(Set(ids.map { $0[position] }).count, 32, "position \(position)")
        }
    }

    func testNeighbouringCharactersOfManyIDsTakeMostOfTheir1024Pairs() {
        // 2,000 independent draws of 1,024 pairs give about 881 different ones; fewer than 700 is beyond chance,
        // and characters cut from the same bits (a missed shift) would give 32.
        let ids = (0..<2_000).map { _ in Array(RandomID.base32(count: 26).utf8) }
        for position in 0..<25 {
            let pairs = Set(ids.map { UInt16($0[position]) << 8 | UInt16($0[position + 1]) })
            XCTAssertGreaterThan(pairs.count, 700, "positions \(position) and \(position + 1)")
        }
    }

    func testTenThousandIDsOfTwentySixCharactersAreAllDifferent() {
        let ids = (0..<10_000).map { _ in RandomID.base32(count: 26) }
        XCTAssertEqual(Set(ids).count, ids.count)
    }
}
