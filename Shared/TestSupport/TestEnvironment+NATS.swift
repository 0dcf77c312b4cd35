import Bus
import Foundation

extension TestEnvironment {
    /// A connection to the test run's nats-server as the `test` user, which may publish and subscribe to
    /// everything (`scripts/services.sh` puts its password in the env file; docs/operations.md "Bus credentials").
    public static func nats(name: String = "folio-tests") throws -> NATSBus.Configuration {
        NATSBus.Configuration(url: try natsURL(), name: name, access: try NATSAccess.fromEnvironment())
    }

    /// The environment variables that give a process started by a test its own NATS user: `FOLIO_NATS_USER` and
    /// the password `scripts/services.sh` generated for that user.
    public static func natsCredentials(user: String) throws -> [String: String] {
        ["FOLIO_NATS_USER": user, "FOLIO_NATS_PASSWORD": try require("FOLIO_NATS_PASSWORD_\(user.uppercased())")]
    }
}
