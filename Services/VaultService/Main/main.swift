import Foundation
import VaultService
import ServiceKit

exit(await ServiceMain.run(VaultService.definition()))
