import FolioEmulator
import Foundation
import Lifecycle

ShutdownSignal.ignoreBrokenPipes()
let logger = Logger(service: "folio-emulator")
let server: EmulatorServer
do {
    let configuration = try EmulatorConfiguration(environment: Environment())
    server = try EmulatorServer(configuration: configuration)
    let port = try await server.start()
    logger.info(
        "listening",
        [
            "host": configuration.host, "port": String(port), "mode": configuration.mode.rawValue,
            "fixtures": configuration.fixturesPath, "kid": server.signer.currentKeyID,
        ])
} catch {
    logger.error("cannot start", ["error": "\(error)"])
    exit(1)
}
let signal = await ShutdownSignal.wait()
logger.info("shutting down", ["signal": signal])
await server.shutdown()
logger.info("stopped")
