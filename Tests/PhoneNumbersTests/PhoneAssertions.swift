import PhoneNumbers
import XCTest

/// Asserts that `expression` throws a ``PhoneNumberError`` of `kind`, and returns it.
@discardableResult
func assertThrows<T>(
    _ expression: @autoclosure () throws(PhoneNumberError) -> T, _ kind: PhoneNumberError.Kind,
    file: StaticString = #filePath, line: UInt = #line
) -> PhoneNumberError? {
    do {
        let value = try expression()
        XCTFail("expected \(kind), got \(value)", file: file, line: line)
        return nil
    } catch {
        XCTAssertEqual(error.kind, kind, "got \(error)", file: file, line: line)
        return error
    }
}

/// The region for `code`; a typo in a test fails the test instead of crashing.
func region(_ code: String, file: StaticString = #filePath, line: UInt = #line) throws(PhoneNumberError) -> PhoneRegion
{
    do {
        return try PhoneRegion(code)
    } catch {
        XCTFail("\(code) is not a region: \(error)", file: file, line: line)
        throw error
    }
}
