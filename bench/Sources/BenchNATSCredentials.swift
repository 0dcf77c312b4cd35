import Bus
import CNats

/// The bench's own libnats connections (the raw baselines) log in as the environment says
/// (`FOLIO_NATS_USER`, `FOLIO_NATS_PASSWORD`: the `test` user of scripts/services.sh), like every other process.
enum BenchNATSCredentials {
    static func apply(to options: OpaquePointer) throws {
        let access = try NATSAccess.fromEnvironment()
        guard let user = access.user, let password = access.password else { return }
        guard natsOptions_SetUserInfo(options, user, password) == NATS_OK else {
            throw BenchError("natsOptions_SetUserInfo for \(user)")
        }
    }
}
