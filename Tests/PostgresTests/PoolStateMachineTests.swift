import XCTest

@testable import Postgres

/// The pool's bookkeeping as a value: connections stand in as strings.
final class PoolStateMachineTests: XCTestCase {
    typealias Machine = PoolStateMachine<String>

    func testSlotsAreGrantedUpToTheSizeThenCallersQueue() {
        var machine = Machine(size: 2)
        XCTAssertEqual(describe(machine.reserve(waiter: 1)), "slot")
        XCTAssertEqual(describe(machine.reserve(waiter: 2)), "slot")
        XCTAssertEqual(describe(machine.reserve(waiter: 3)), "queued")
        XCTAssertEqual(machine.open, 2)
        XCTAssertEqual(machine.waiters, [3])
    }

    func testAReservationWithoutAWaiterQueuesNobody() {
        var machine = Machine(size: 1)
        _ = machine.reserve(waiter: nil)
        XCTAssertEqual(describe(machine.reserve(waiter: nil)), "queued")
        XCTAssertEqual(machine.waiters, [])
        XCTAssertEqual(machine.open, 1)
    }

    func testAnIdleConnectionIsGrantedBeforeANewSlot() {
        var machine = Machine(size: 2)
        _ = machine.reserve(waiter: nil)
        XCTAssertEqual(describe(machine.release("a")), "none")
        XCTAssertEqual(machine.idle, ["a"])
        XCTAssertEqual(describe(machine.reserve(waiter: nil)), "connection a")
        XCTAssertEqual(machine.idle, [])
        XCTAssertEqual(machine.open, 1)
    }

    func testAReleasedConnectionGoesToTheFirstWaiterInArrivalOrder() {
        var machine = Machine(size: 1)
        _ = machine.reserve(waiter: nil)
        _ = machine.reserve(waiter: 7)
        _ = machine.reserve(waiter: 8)
        XCTAssertEqual(describe(machine.release("a")), "hand connection a to 7")
        XCTAssertEqual(machine.waiters, [8])
        XCTAssertEqual(machine.idle, [])
        XCTAssertEqual(machine.open, 1)
    }

    func testADroppedConnectionHandsItsSlotToAWaiterOrFreesIt() {
        var machine = Machine(size: 1)
        _ = machine.reserve(waiter: nil)
        _ = machine.reserve(waiter: 7)
        XCTAssertEqual(describe(machine.release(nil)), "hand slot to 7")
        XCTAssertEqual(machine.open, 1)
        XCTAssertEqual(describe(machine.release(nil)), "none")
        XCTAssertEqual(machine.open, 0)
    }

    func testACancelledWaiterLeavesTheQueueOnce() {
        var machine = Machine(size: 1)
        _ = machine.reserve(waiter: nil)
        _ = machine.reserve(waiter: 7)
        _ = machine.reserve(waiter: 8)
        XCTAssertTrue(machine.cancel(7))
        XCTAssertFalse(machine.cancel(7))
        XCTAssertEqual(describe(machine.release("a")), "hand connection a to 8")
        XCTAssertFalse(machine.cancel(8))
    }

    func testClosingFailsTheWaitersReturnsTheIdleConnectionsAndRefusesReservations() {
        var machine = Machine(size: 3)
        _ = machine.reserve(waiter: nil)
        _ = machine.reserve(waiter: nil)
        _ = machine.reserve(waiter: nil)
        _ = machine.release("a")
        _ = machine.reserve(waiter: nil)
        _ = machine.reserve(waiter: 9)
        let closed = machine.close()
        XCTAssertEqual(closed.waiters, [9])
        XCTAssertEqual(closed.idle, [])
        XCTAssertEqual(machine.open, 3)

        var other = Machine(size: 2)
        _ = other.reserve(waiter: nil)
        _ = other.reserve(waiter: nil)
        _ = other.release("a")
        let otherClosed = other.close()
        XCTAssertEqual(otherClosed.waiters, [])
        XCTAssertEqual(otherClosed.idle, ["a"])
        XCTAssertEqual(other.open, 1)
        XCTAssertEqual(other.idle, [])
        XCTAssertEqual(describe(other.reserve(waiter: 1)), "closed")
    }

    func testAConnectionReleasedIntoAClosedPoolIsToBeClosedAndNoLongerCounts() {
        var machine = Machine(size: 2)
        _ = machine.reserve(waiter: nil)
        _ = machine.reserve(waiter: nil)
        _ = machine.close()
        XCTAssertEqual(describe(machine.release("a")), "close a")
        XCTAssertEqual(describe(machine.release(nil)), "none")
        XCTAssertEqual(machine.open, 0)
    }

    private func describe(_ reservation: Machine.Reservation) -> String {
        switch reservation {
        case .granted(let grant): describe(grant)
        case .queued: "queued"
        case .closed: "closed"
        }
    }

    private func describe(_ release: Machine.Release) -> String {
        switch release {
        case .handOver(let waiter, let grant): "hand \(describe(grant)) to \(waiter)"
        case .close(let connection): "close \(connection)"
        case .none: "none"
        }
    }

    private func describe(_ grant: Machine.Grant) -> String {
        switch grant {
        case .connection(let connection): "connection \(connection)"
        case .slot: "slot"
        }
    }
}
