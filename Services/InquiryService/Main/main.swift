import Foundation
import InquiryService
import ServiceKit

exit(await ServiceMain.run(InquiryService.definition()))
