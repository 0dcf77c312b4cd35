import Bus
import FolioAPI
import ServiceKit

/// The DocumentReceiver service process. It joins the bus, runs the shared migrations and answers its health
/// method; its stores arrive with the issues that build them.
public enum DocumentReceiver {
    public static let name = "documents"

    public static func definition() -> ServiceDefinition {
        ServiceDefinition(name: name) { context in
            [ServiceHealth.method(HealthMethods.documents, context: context)]
        }
    }
}
