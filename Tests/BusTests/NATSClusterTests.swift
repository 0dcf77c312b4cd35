import Bus
import FolioModel
import XCTest

/// The bus on a three-node cluster (docs/operations.md "The bus as a cluster"): a process connects with every
/// node's URL, and when its node dies it reconnects to another and its subscriptions come back there.
final class NATSClusterTests: XCTestCase {
    private func connect(_ cluster: PrivateNATSCluster, _ name: String) async throws -> NATSBus {
        try await NATSBus.connect(.init(url: cluster.url, name: name, connectTimeout: .seconds(5)))
    }

    /// Calls until one is answered (a node's death is noticed within the reconnect wait), at most 20 times.
    private func answer(_ client: BusClient, _ subject: String) async throws -> JSONValue {
        var lastError: (any Error)?
        for _ in 0..<20 {
            do {
                return try await client.call(subject, "echo", ["value": "hi"], timeout: .seconds(1))
            } catch {
                lastError = error
                try await Task.sleep(for: .milliseconds(250))
            }
        }
        throw lastError ?? BusError.transport("no answer")
    }

    func testAClusterURLIsEveryNodesURLSeparatedByCommas() {
        XCTAssertEqual(NATSBus.Configuration.servers(in: "nats://a:4222"), ["nats://a:4222"])
        XCTAssertEqual(
            NATSBus.Configuration.servers(in: "nats://a:4222, nats://b:4222,,nats://c:4222 "),
            ["nats://a:4222", "nats://b:4222", "nats://c:4222"])
    }

    func testAServiceAndItsCallerReconnectToAnotherNodeWhenTheirNodeIsKilled() async throws {
        let cluster = try PrivateNATSCluster()
        let service = try await connect(cluster, "cluster-service")
        let caller = try await connect(cluster, "cluster-caller")
        let router = RPCRouter([
            RPCMethod("echo", summary: "returns its param", params: [RPCParam("value", .any)], result: .init("v", .any))
            {
                call in call.params["value"] ?? .null
            }
        ])
        let subject = "test.cluster.echo"
        let subscription = try await service.serve(router, subject: subject, queueGroup: "cluster")
        let client = BusClient(transport: caller, timeout: .seconds(2))
        let first = try await answer(client, subject)
        XCTAssertEqual(first, "hi", "answered across the routes")

        let servicesNode = try XCTUnwrap(service.connectedURL)
        cluster.kill(nodeAt: servicesNode)
        if let callersNode = caller.connectedURL, callersNode != servicesNode { cluster.kill(nodeAt: callersNode) }
        let again = try await answer(client, subject)
        XCTAssertEqual(again, "hi", "answered again once both reconnected")
        XCTAssertNotEqual(try XCTUnwrap(service.connectedURL), servicesNode, "the service is on another node")
        await subscription.cancel()
    }
}
