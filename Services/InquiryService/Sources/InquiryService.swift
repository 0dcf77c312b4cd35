import Bus
import FolioAPI
import Foundation
import Postgres
import ServiceKit

/// The InquiryService: InquiryStore on scalable workers. Mounts go to the `inquiry` queue group; each mounted
/// store is answered by the worker that owns it, and another worker adopts it from its snapshot when that
/// worker dies.
public enum InquiryService {
    public static let name = "inquiry"

    public static func definition() throws -> ServiceDefinition {
        ServiceDefinition(name: name, migrations: try migrations()) { context in
            [ServiceHealth.method(HealthMethods.inquiry, context: context)]
        }
    }

    /// The device memory tables (saved inquiries, the current one, exchanged launch codes).
    public static func migrations() throws -> [Migration] {
        guard let directory = Bundle.module.url(forResource: "Migrations", withExtension: nil) else {
            throw MissingResource(name: "InquiryService/Migrations")
        }
        return try Migration.load(directory: directory)
    }
}
