import Bus
import FolioContract
import Foundation
import GatewayService
import Lifecycle

ShutdownSignal.ignoreBrokenPipes()

let configuration: GatewayConfiguration
do {
    configuration = try GatewayConfiguration(environment: Environment())
} catch {
    FileHandle.standardError.write(Data("folio-gateway: \(error)\n".utf8))
    exit(2)
}
let logger = Logger(service: "gateway", minimumLevel: configuration.logLevel)

let bus: NATSBus
do {
    let access = try NATSAccess.fromEnvironment()
    logger.info(
        "connecting to NATS",
        ["url": configuration.natsURL, "user": access.user ?? "(none)", "tls": access.tls == nil ? "off" : "on"])
    bus = try await NATSBus.connect(
        NATSBus.Configuration(url: configuration.natsURL, name: "folio-gateway", access: access))
} catch {
    logger.error("cannot connect to NATS", ["url": configuration.natsURL, "error": String(describing: error)])
    exit(1)
}

let gateway = Gateway(
    configuration: configuration, transport: bus, logger: logger, openRPC: FolioContract.document())
do {
    try await gateway.start()
} catch {
    logger.error("cannot start", ["error": String(describing: error)])
    exit(1)
}

let signal = await ShutdownSignal.wait()
logger.info("shutting down", ["signal": signal])
await gateway.shutdown()
