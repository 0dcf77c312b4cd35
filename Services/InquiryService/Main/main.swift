import Foundation
import InquiryService
import ServiceKit

do {
    ServiceMain.exit(await ServiceMain.run(try InquiryService.definition()))
} catch {
    FileHandle.standardError.write(Data("folio-inquiry: \(error)\n".utf8))
    exit(1)
}
