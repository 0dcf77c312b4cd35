import Foundation
import DocumentReceiver
import ServiceKit

exit(await ServiceMain.run(DocumentReceiver.definition()))
