import Dispatch
import PhoneNumbers
import Synchronization
import XCTest

final class ConcurrencyTests: XCTestCase {
    func testConcurrentCallsGiveTheSameResultsAsSequentialOnes() throws {
        let inputs: [(region: PhoneRegion, text: String)] = [
            (try region("CH"), "0446681800"), (try region("CH"), "079 123 45 67"), (try region("DE"), "015123456789"),
            (try region("US"), "6502530000"), (try region("GB"), "02079460000"), (try region("CH"), "0049301234567"),
        ]
        let formatter = PhoneNumberFormatter()
        let expected = try inputs.map { input throws(PhoneNumberError) in
            [
                try formatter.asYouType(input.text, region: input.region),
                try formatter.e164(national: input.text, region: input.region),
            ]
        }
        let results = Mutex([[String]?](repeating: nil, count: 600))
        let failures = Mutex([String]())
        // Many threads at once share the pooled as-you-type formatters of each region.
        DispatchQueue.concurrentPerform(iterations: 600) { index in
            let input = inputs[index % inputs.count]
            do throws(PhoneNumberError) {
                let result = [
                    try formatter.asYouType(input.text, region: input.region),
                    try formatter.e164(national: input.text, region: input.region),
                ]
                results.withLock { $0[index] = result }
            } catch {
                failures.withLock { $0.append("\(index): \(error)") }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        results.withLock { results in
            for (index, result) in results.enumerated() {
                XCTAssertEqual(result, expected[index % inputs.count], "call \(index)")
            }
        }
    }
}
