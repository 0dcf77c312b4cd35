import Foundation
import ServiceKit
import VaultService

exit(await ServiceMain.run(VaultService.definition()))
