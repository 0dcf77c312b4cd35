import DocumentReceiver
import Foundation
import ServiceKit

exit(await ServiceMain.run(DocumentReceiver.definition()))
