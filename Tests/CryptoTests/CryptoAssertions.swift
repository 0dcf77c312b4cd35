import Crypto
import XCTest

/// Asserts that `expression` throws exactly `expected`.
func assertThrows<T>(
    _ expression: @autoclosure () throws -> T, _ expected: CryptoError,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertThrowsError(try expression(), file: file, line: line) { error in
        XCTAssertEqual(error as? CryptoError, expected, "got \(error)", file: file, line: line)
    }
}

/// Decodes hex test vectors; a typo in a vector fails the test instead of crashing.
func hex(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
    do {
        return try Hex.decode(text)
    } catch {
        XCTFail("bad hex vector \(text)", file: file, line: line)
        throw error
    }
}

/// `bytes` with bit 0 of byte `index` flipped.
func flippingBit(_ bytes: [UInt8], at index: Int) -> [UInt8] {
    var copy = bytes
    copy[index] ^= 0x01
    return copy
}
