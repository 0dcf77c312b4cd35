import Bus
import FolioAPI
import ServiceKit

/// The VaultService service process. It joins the bus, runs the shared migrations and answers its health
/// method; the stores it hosts are added to its definition as they are built.
public enum VaultService {
    public static let name = "vault"

    public static func definition() -> ServiceDefinition {
        ServiceDefinition(name: name) { context in
            [ServiceHealth.method(HealthMethods.vault, context: context)]
        }
    }
}
