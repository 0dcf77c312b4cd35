import Bus
import FolioModel
import Synchronization
import XCTest

/// The users and subject permissions of `scripts/nats-users.sh` on a real nats-server (docs/operations.md
/// "Bus permissions").
final class NATSPermissionTests: XCTestCase {
    private func answering(_ bus: NATSBus, _ subject: String, queueGroup: String? = nil) async throws
        -> any BusSubscription
    {
        let router = RPCRouter([
            RPCMethod(
                "echo", summary: "returns its param", params: [RPCParam("value", .any)],
                result: RPCResultDescriptor("value", .any)
            ) { call in
                call.params["value"] ?? .null
            }
        ])
        let subscription = try await bus.serve(router, subject: subject, queueGroup: queueGroup)
        // The server registers the subscription a moment later; a call sent at once could meet no responders.
        try await Task.sleep(for: .milliseconds(100))
        return subscription
    }

    private func echo(_ bus: NATSBus, _ subject: String) async throws -> JSONValue {
        try await BusClient(transport: bus, timeout: .seconds(2)).call(subject, "echo", ["value": "hi"])
    }

    /// Calls `subject` and returns the bus error it ends with (nil when it was answered).
    private func refusal(_ bus: NATSBus, _ subject: String) async -> BusError? {
        do {
            _ = try await bus.request(subject: subject, payload: Array("{}".utf8), timeout: .seconds(2))
            return nil
        } catch {
            return error
        }
    }

    /// Subscribes `bus` to `subject`, has the test user publish there, and returns how many messages arrived.
    private func received(by bus: NATSBus, on subject: String, publishing publisher: NATSBus) async throws -> Int {
        let count = Atomic<Int>(0)
        let subscription = try await bus.subscribe(subject: subject, queueGroup: nil, delivery: .concurrent) { _ in
            count.add(1, ordering: .relaxed)
            return .now(nil)
        }
        try await Task.sleep(for: .milliseconds(200))
        let concrete = subject.replacingOccurrences(of: ">", with: "x").replacingOccurrences(of: "*", with: "y")
        try await publisher.publish(subject: concrete, payload: Array("secret".utf8))
        try await Task.sleep(for: .milliseconds(300))
        await subscription.cancel()
        return count.load(ordering: .relaxed)
    }

    /// The users whose block in the written `auth.conf` carries `allow_responses`.
    private func usersAllowedToRespond(_ server: PrivateNATSServer) throws -> Set<String> {
        let conf = try String(
            contentsOf: server.directory.appendingPathComponent("users/auth.conf"), encoding: .utf8)
        var users: Set<String> = []
        for block in conf.components(separatedBy: "{user: \"").dropFirst() {
            guard let name = block.split(separator: "\"").first else { continue }
            if block.contains("allow_responses: true") { users.insert(String(name)) }
        }
        return users
    }

    /// A user that may publish everywhere needs no response permissions, and nats-server before 2.11 would
    /// track every request it receives for two minutes and walk them all at each delivery (docs/operations.md).
    func testOnlyTheServicesHaveResponsePermissionsNotTheGatewayNorTheTestUser() async throws {
        let server = try PrivateNATSServer()
        XCTAssertEqual(try usersAllowedToRespond(server), ["auth", "inquiry", "vault", "documents"])
        let test = try await server.connect(as: "test")
        let served = try await answering(test, BusSubjects.rpc("auth"))
        let answer = try await echo(try await server.connect(as: "gateway"), BusSubjects.rpc("auth"))
        XCTAssertEqual(answer, "hi", "the test user answers the gateway's inbox through its publish rights")
        await served.cancel()
    }

    func testAConnectionWithoutCredentialsIsRefusedAtOnce() async throws {
        let server = try PrivateNATSServer()
        let started = ContinuousClock.now
        do {
            _ = try await NATSBus.connect(try server.configuration(user: nil))
            XCTFail("connected without credentials")
        } catch {
            XCTAssertTrue("\(error)".contains("refused"), "\(error)")
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(2), "a refusal is not retried until the timeout")
    }

    func testAConnectionWithAnotherUsersPasswordIsRefused() async throws {
        let server = try PrivateNATSServer()
        var configuration = try server.configuration(user: "gateway")
        configuration.access.password = try server.password(of: "vault")
        do {
            _ = try await NATSBus.connect(configuration)
            XCTFail("connected with the vault's password as the gateway")
        } catch {
            XCTAssertTrue("\(error)".contains("refused"), "\(error)")
        }
    }

    func testTheGatewayCannotCallTheVaultsInternalMethodsButTheInquiryServiceCan() async throws {
        let server = try PrivateNATSServer()
        let vault = try await server.connect(as: "vault")
        let served = try await answering(vault, BusSubjects.internalRPC("vault"), queueGroup: "vault")
        let gateway = try await server.connect(as: "gateway")
        let refused = await refusal(gateway, BusSubjects.internalRPC("vault"))
        XCTAssertEqual(refused?.isNotPermitted, true, "the server refuses the publish: \(String(describing: refused))")
        let inquiry = try await server.connect(as: "inquiry")
        let answer = try await echo(inquiry, BusSubjects.internalRPC("vault"))
        XCTAssertEqual(answer, "hi")
        await served.cancel()
    }

    func testTheGatewayCanCallPublicMethodsStoreSubjectsAndStoreAdoptOfEveryService() async throws {
        let server = try PrivateNATSServer()
        let gateway = try await server.connect(as: "gateway")
        for service in ["auth", "inquiry", "vault", "documents"] {
            let bus = try await server.connect(as: service)
            let rpc = try await answering(bus, BusSubjects.rpc(service), queueGroup: service)
            let store = try await answering(bus, "folio.\(service).store.s_\(RandomID.base32(count: 8))")
            let rpcAnswer = try await echo(gateway, BusSubjects.rpc(service))
            XCTAssertEqual(rpcAnswer, "hi", "folio.\(service).rpc")
            await rpc.cancel()
            await store.cancel()
        }
        let inquiry = try await server.connect(as: "inquiry")
        let storeSubject = "folio.inquiry.store.s_\(RandomID.base32(count: 8))"
        let store = try await answering(inquiry, storeSubject)
        let storeAnswer = try await echo(gateway, storeSubject)
        XCTAssertEqual(storeAnswer, "hi")
        await store.cancel()
    }

    func testTheGatewayCannotReadAStoreSubjectNorAnotherUsersReplies() async throws {
        let server = try PrivateNATSServer()
        let gateway = try await server.connect(as: "gateway")
        let test = try await server.connect(as: "test")
        let store = try await received(by: gateway, on: "folio.vault.store.>", publishing: test)
        XCTAssertEqual(store, 0, "the gateway may not subscribe to a store subject")
        let replies = try await received(by: gateway, on: "_INBOX.auth.>", publishing: test)
        XCTAssertEqual(replies, 0, "the gateway may not read the auth service's replies")
        let own = try await received(by: gateway, on: BusSubjects.runtimeShutdown, publishing: test)
        XCTAssertEqual(own, 1, "the gateway reads runtime shutdowns")
    }

    func testAServiceCannotReadAnotherServicesStoreSubjectsOrServeItsMethods() async throws {
        let server = try PrivateNATSServer()
        let test = try await server.connect(as: "test")
        let vault = try await server.connect(as: "vault")
        let inquiryStores = try await received(by: vault, on: "folio.inquiry.store.>", publishing: test)
        XCTAssertEqual(inquiryStores, 0, "the vault may not read the inquiry's stores")
        let authRPC = try await received(by: vault, on: BusSubjects.rpc("auth"), publishing: test)
        XCTAssertEqual(authRPC, 0, "the vault may not take the auth service's calls")
        let ownStores = try await received(by: vault, on: "folio.vault.store.>", publishing: test)
        XCTAssertEqual(ownStores, 1, "the vault reads its own stores")
    }

    func testAServiceAnswersWhatItServesAndCannotPublishAnotherServicesEvents() async throws {
        let server = try PrivateNATSServer()
        let auth = try await server.connect(as: "auth")
        let served = try await answering(auth, BusSubjects.rpc("auth"), queueGroup: "auth")
        let inquiry = try await server.connect(as: "inquiry")
        let answer = try await echo(inquiry, BusSubjects.rpc("auth"))
        XCTAssertEqual(answer, "hi", "the inquiry service calls runtime.setLocale")
        await served.cancel()

        let vault = try await server.connect(as: "vault")
        let listener = try await server.connect(as: "test")
        let forged = try await received(by: listener, on: BusSubjects.runtimeShutdown, publishing: vault)
        XCTAssertEqual(forged, 0, "only the auth service announces runtime shutdowns")
        let announced = try await received(by: listener, on: BusSubjects.runtimeShutdown, publishing: auth)
        XCTAssertEqual(announced, 1)
    }
}
