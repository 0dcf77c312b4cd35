import Bus
import FolioAPI
import ServiceKit

/// The InquiryService service process. It joins the bus, runs the shared migrations and answers its health
/// method; the stores it hosts are added to its definition as they are built.
public enum InquiryService {
    public static let name = "inquiry"

    public static func definition() -> ServiceDefinition {
        ServiceDefinition(name: name) { context in
            [ServiceHealth.method(HealthMethods.inquiry, context: context)]
        }
    }
}
