import Bus
import FolioAPI
import ServiceKit

/// The InquiryService service process. It joins the bus, runs the shared migrations and answers its health
/// method; its stores arrive with the issues that build them.
public enum InquiryService {
    public static let name = "inquiry"

    public static func definition() -> ServiceDefinition {
        ServiceDefinition(name: name) { context in
            [ServiceHealth.method(HealthMethods.inquiry, context: context)]
        }
    }
}
