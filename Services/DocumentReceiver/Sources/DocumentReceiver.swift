import Bus
import FolioAPI
import ServiceKit

/// The DocumentReceiver service process. It joins the bus, runs the shared migrations and answers its health
/// method; the stores it hosts are added to its definition as they are built.
public enum DocumentReceiver {
    public static let name = "documents"

    public static func definition() -> ServiceDefinition {
        ServiceDefinition(
            name: name, methods: { context in [ServiceHealth.method(HealthMethods.documents, context: context)] })
    }
}
