import Crypto
import XCTest

final class PasswordHashTests: XCTestCase {
    private let password = Array("correct horse battery staple".utf8)

    func testDeriveIsDeterministicForTheSameSaltAndDiffersForAnotherSalt() throws {
        let salt = Random.bytes(PasswordHash.saltLength)
        let first = try PasswordHash.derive(password: password, salt: salt, length: 32, limits: .test)
        let second = try PasswordHash.derive(password: password, salt: salt, length: 32, limits: .test)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.count, 32)

        let otherSalt = flippingBit(salt, at: 0)
        XCTAssertNotEqual(
            first, try PasswordHash.derive(password: password, salt: otherSalt, length: 32, limits: .test)
        )
        XCTAssertNotEqual(
            first,
            try PasswordHash.derive(password: Array("other".utf8), salt: salt, length: 32, limits: .test))
    }

    func testDeriveRejectsBadSaltLengthAndLimits() {
        let salt = [UInt8](repeating: 0, count: PasswordHash.saltLength)
        XCTAssertEqual(PasswordHash.saltLength, 16)
        assertThrows(
            try PasswordHash.derive(
                password: password, salt: Array(salt.dropLast()), length: 32, limits: .test),
            .invalidSalt)
        assertThrows(
            try PasswordHash.derive(password: password, salt: salt, length: 8, limits: .test),
            .invalidLength)
        let tooLittleMemory = PasswordHash.Limits(opsLimit: 1, memLimit: 1024)
        assertThrows(
            try PasswordHash.derive(password: password, salt: salt, length: 32, limits: tooLittleMemory),
            .invalidLimits)
        let noPasses = PasswordHash.Limits(opsLimit: 0, memLimit: 1 << 20)
        assertThrows(try PasswordHash.hashString(password: password, limits: noPasses), .invalidLimits)
    }

    func testHashStringVerifiesOnlyTheRightPassword() throws {
        let stored = try PasswordHash.hashString(password: password, limits: .test)
        XCTAssertTrue(stored.hasPrefix("$argon2id$"), stored)
        XCTAssertTrue(PasswordHash.verify(password: password, hashString: stored))
        XCTAssertFalse(
            PasswordHash.verify(password: Array("correct horse battery stapler".utf8), hashString: stored)
        )
        XCTAssertFalse(PasswordHash.verify(password: [], hashString: stored))
    }

    func testHashStringUsesARandomSalt() throws {
        let first = try PasswordHash.hashString(password: password, limits: .test)
        let second = try PasswordHash.hashString(password: password, limits: .test)
        XCTAssertNotEqual(first, second)
        XCTAssertTrue(PasswordHash.verify(password: password, hashString: second))
    }

    func testEmptyPasswordHashesAndVerifies() throws {
        let stored = try PasswordHash.hashString(password: [], limits: .test)
        XCTAssertTrue(PasswordHash.verify(password: [], hashString: stored))
        XCTAssertFalse(PasswordHash.verify(password: [0], hashString: stored))
    }

    func testVerifyOfMalformedHashStringIsFalse() {
        XCTAssertFalse(PasswordHash.verify(password: password, hashString: ""))
        XCTAssertFalse(PasswordHash.verify(password: password, hashString: "$argon2id$garbage"))
        XCTAssertFalse(
            PasswordHash.verify(password: password, hashString: String(repeating: "a", count: 500)))
    }

    func testNeedsRehashWhenLimitsChange() throws {
        let stored = try PasswordHash.hashString(password: password, limits: .test)
        XCTAssertFalse(PasswordHash.needsRehash(hashString: stored, limits: .test))
        XCTAssertTrue(PasswordHash.needsRehash(hashString: stored, limits: .interactive))
        XCTAssertTrue(PasswordHash.needsRehash(hashString: "nonsense", limits: .test))
    }

    func testPresetsAreOrderedAndTestPresetIsTheMinimum() {
        XCTAssertLessThan(
            PasswordHash.Limits.interactive.memLimit, PasswordHash.Limits.moderate.memLimit)
        XCTAssertLessThan(PasswordHash.Limits.moderate.memLimit, PasswordHash.Limits.sensitive.memLimit)
        XCTAssertEqual(PasswordHash.Limits.test, PasswordHash.Limits(opsLimit: 1, memLimit: 8192))
    }

    /// In async code the async overload wins, so the synchronous call lives in a synchronous function.
    private func deriveSynchronously(salt: [UInt8]) throws -> [UInt8] {
        try PasswordHash.derive(password: password, salt: salt, length: 32, limits: .test)
    }

    func testAsyncOverloadsMatchTheSynchronousResults() async throws {
        let salt = Random.bytes(PasswordHash.saltLength)
        let derived = try await PasswordHash.derive(
            password: password, salt: salt, length: 32, limits: .test)
        XCTAssertEqual(derived, try deriveSynchronously(salt: salt))

        let stored = try await PasswordHash.hashString(password: password, limits: .test)
        let matches = await PasswordHash.verify(password: password, hashString: stored)
        let wrong = await PasswordHash.verify(password: [1], hashString: stored)
        XCTAssertTrue(matches)
        XCTAssertFalse(wrong)

        do {
            _ = try await PasswordHash.derive(password: password, salt: [], length: 32, limits: .test)
            XCTFail("expected invalidSalt")
        } catch {
            XCTAssertEqual(error as? CryptoError, .invalidSalt)
        }
    }
}
