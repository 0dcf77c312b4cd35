import Bus
import Foundation
import XCTest

/// TLS between a process and nats-server, with a certificate authority made by `scripts/nats-tls.sh`.
final class NATSTLSTests: XCTestCase {
    func testAConnectionTrustingTheTestCAConnectsOverTLSAndCalls() async throws {
        let server = try PrivateNATSServer(tls: true)
        let vault = try await server.connect(as: "vault")
        let router = RPCRouter([
            RPCMethod("ping", summary: "pong", result: RPCResultDescriptor("pong", .string)) { _ in "pong" }
        ])
        let served = try await vault.serve(router, subject: BusSubjects.internalRPC("vault"), queueGroup: "vault")
        try await Task.sleep(for: .milliseconds(100))
        let inquiry = try await server.connect(as: "inquiry")
        let answer = try await BusClient(transport: inquiry).call(BusSubjects.internalRPC("vault"), "ping")
        XCTAssertEqual(answer, "pong")
        await served.cancel()
    }

    func testAConnectionWithoutTLSIsRefusedByATLSServer() async throws {
        let server = try PrivateNATSServer(tls: true)
        do {
            _ = try await NATSBus.connect(try server.configuration(user: "vault"))
            XCTFail("connected in plain text to a server that requires TLS")
        } catch {
            XCTAssertTrue("\(error)".contains("refused"), "\(error)")
        }
    }

    func testAConnectionTrustingAnotherCAIsRefused() async throws {
        let server = try PrivateNATSServer(tls: true)
        let other = try PrivateNATSServer(tls: true)
        do {
            _ = try await NATSBus.connect(try server.configuration(user: "vault", caFile: other.caFile))
            XCTFail("connected although the server's certificate is not from the trusted CA")
        } catch {
            XCTAssertTrue("\(error)".contains("refused"), "\(error)")
        }
    }
}
