import Bus
import FolioModel
import StoreKit
import StoreKitTesting
import Synchronization
import TestSupport
import XCTest

/// A closed store's subject answers as closed for a while, then the process lets go of it: kept for the life of a
/// worker, every store it ever closed would hold a bus subscription, here and in nats-server.
final class StoreRegistryTests: XCTestCase {
    private final class Subscription: BusSubscription {
        private let cancelled = Atomic(false)
        var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
        func cancel() async { cancelled.store(true, ordering: .relaxed) }
    }

    private func mount(_ registry: StoreRegistry) async -> (StoreHost<ExampleCounter>, Subscription) {
        let host = StoreHost(
            id: .generate(for: .example), kind: "example", runtime: await registry.runtime("rt-1"),
            reducer: ExampleCounter(), initialState: .init(), runEffect: ExampleCounter.effects(echo: { $0 }))
        let subscription = Subscription()
        await registry.register(host, subscription: subscription)
        return (host, subscription)
    }

    func testAClosedStoreAnswersAsClosedForTenMinutesThenItsSubjectIsLetGoOfAtTheNextClose() async throws {
        let clock = ManualClock()
        let registry = StoreRegistry(now: clock.now)
        let (first, firstSubscription) = await mount(registry)
        let (second, secondSubscription) = await mount(registry)
        let (third, _) = await mount(registry)

        await registry.close(first.id)
        let closed = try await registry.store(first.id, runtimeID: "rt-1")
        do {
            try await closed.dispatch(json: ["type": "INCREMENT", "value": ["by": 1]], dispatchID: String?.none)
            XCTFail("a closed store refuses actions")
        } catch let error as StoreError {
            XCTAssertEqual(error, .storeClosed)
        }
        XCTAssertEqual(StoreRegistry.closedStoresKept, .seconds(600))
        clock.advance(.seconds(599))
        await registry.close(second.id)
        var firstHosted = await registry.hosts(first.id)
        XCTAssertTrue(firstHosted, "kept for ten minutes")
        XCTAssertFalse(firstSubscription.isCancelled)

        clock.advance(.seconds(1))
        await registry.close(third.id)
        firstHosted = await registry.hosts(first.id)
        XCTAssertFalse(firstHosted, "let go of once ten minutes have passed")
        XCTAssertTrue(firstSubscription.isCancelled)
        let secondHosted = await registry.hosts(second.id)
        XCTAssertTrue(secondHosted, "closed 1 s ago")
        XCTAssertFalse(secondSubscription.isCancelled)
        do {
            _ = try await registry.store(first.id, runtimeID: "rt-1")
            XCTFail("a store let go of is unknown")
        } catch {
            XCTAssertEqual(error, .unknownStore)
        }
    }

    func testARuntimeWithoutStoresHereIsForgottenTenMinutesAfterItWasLastUsedAndOneWithStoresNever() async {
        let clock = ManualClock()
        let registry = StoreRegistry(now: clock.now)
        let idle = await registry.runtime("rt-idle")
        await registry.shutDownRuntime("rt-gone")
        let busy = await registry.runtime("rt-1")
        _ = await mount(registry)

        clock.advance(.seconds(599))
        _ = await registry.runtime("rt-other")
        let idleAgain = await registry.runtime("rt-idle")
        XCTAssertTrue(idleAgain === idle, "used 599 s ago: kept, and used again now")
        let gone = await registry.runtime("rt-gone")
        XCTAssertTrue(gone.isShutDown, "a runtime that shut down is remembered as shut down")

        clock.advance(.seconds(600))
        let freshIdle = await registry.runtime("rt-idle")
        XCTAssertFalse(freshIdle === idle, "forgotten: a new context")
        let freshGone = await registry.runtime("rt-gone")
        XCTAssertFalse(freshGone.isShutDown, "forgotten too; the Gateway refuses a shut-down runtime's calls")
        let keptBusy = await registry.runtime("rt-1")
        XCTAssertTrue(keptBusy === busy, "its store keeps it")
    }
}
