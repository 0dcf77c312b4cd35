import FolioModel
import StoreKit
import Synchronization
import XCTest

@testable import InquiryService

extension InquiryStoreRunnerTests {
    /// Folio may launch the inquiry and lose the answer (a dropped connection): the exchange sent again by
    /// Retry carries the same idempotency key, so Folio answers the launch it made instead of refusing the code
    /// it already used.
    func testRuleAnExchangeSentAgainByRetryAfterALostAnswerCarriesTheSameIdempotencyKey() async throws {
        try await exchangeTwice(again: .act(.retry))
    }

    /// A client that opens the same code again (it sent Open again instead of Retry) is answered the same way:
    /// the key belongs to the store and the code, not to the request.
    func testRuleAnExchangeOfTheSameCodeOpenedAgainAfterALostAnswerCarriesTheSameIdempotencyKey() async throws {
        try await exchangeTwice(again: .open(entry: .start(launchCode: "LC-lost")))
    }

    private func exchangeTwice(again: InquiryAction) async throws {
        let saved = inquiry()
        let keys = Mutex<[String]>([])
        var folio = fakeFolio(saved)
        folio.exchangeLaunchCode = { _, _, _, _, key throws(InquiryError) in
            let count = keys.withLock {
                $0.append(key)
                return $0.count
            }
            if count == 1 { throw .network(message: "the connection dropped after Folio launched the inquiry") }
            return .init(saved: saved, attestation: "signed")
        }
        let store = host(device: device(), folio: folio)
        try await store.dispatch(.open(entry: .start(launchCode: "LC-lost")))
        _ = try await settle(store, until: { $0["loading"] == false && $0["error"] != nil && $0["error"] != .null })
        try await store.dispatch(again)
        _ = try await settle(store, until: started)
        let sent = keys.withLock { $0 }
        XCTAssertEqual(sent.count, 2)
        XCTAssertEqual(sent.first, sent.last, "one key for the exchange of one code by one store")
    }
}
