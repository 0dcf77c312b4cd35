import Foundation
import TestSupport

/// Three nats-server nodes of one test, routed to each other as a cluster (docs/operations.md "The bus as a
/// cluster"), each on a client port and a route port of its own; no credentials.
final class PrivateNATSCluster {
    let directory: URL
    let clientPorts: [Int]
    private var processes: [ChildProcess?]

    init(nodes: Int = 3) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-nats-cluster-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        clientPorts = try (0..<nodes).map { _ in Int(try FreePort.take()) }
        let routePorts = try (0..<nodes).map { _ in Int(try FreePort.take()) }
        let routes = routePorts.map { "nats-route://127.0.0.1:\($0)" }
        processes = []
        for node in 0..<nodes {
            let config = """
                server_name: node\(node)
                cluster {
                  name: folio
                  listen: 127.0.0.1:\(routePorts[node])
                  routes: [\(routes.enumerated().filter { $0.offset != node }.map { "\"\($0.element)\"" }.joined(separator: ", "))]
                }
                """
            let file = directory.appendingPathComponent("node\(node).conf")
            try config.write(to: file, atomically: true, encoding: .utf8)
            processes.append(
                try ChildProcess(
                    executable: "/usr/sbin/nats-server",
                    arguments: ["-c", file.path, "-a", "127.0.0.1", "-p", String(clientPorts[node])],
                    environment: ProcessInfo.processInfo.environment))
        }
        for port in clientPorts {
            var listening = false
            for _ in 0..<100 where !listening {
                listening = PrivateNATSServer.canConnect(port: port)
                if !listening { Thread.sleep(forTimeInterval: 0.05) }
            }
            guard listening else { throw PrivateNATSServer.Failed(description: "node on \(port) did not listen") }
        }
    }

    deinit {
        for process in processes.compactMap({ $0 }) where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Every node's client URL, comma-separated: what `FOLIO_NATS_URL` holds for a cluster.
    var url: String { clientPorts.map { "nats://127.0.0.1:\($0)" }.joined(separator: ",") }

    /// SIGKILLs the node whose client URL is `url`.
    func kill(nodeAt url: String) {
        guard let index = clientPorts.firstIndex(where: { url.hasSuffix(":\($0)") }),
            let process = processes[index]
        else { return }
        process.signal(SIGKILL)
        process.waitUntilExit()
        processes[index] = nil
    }
}
