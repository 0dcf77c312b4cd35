import DocumentReceiver
import Foundation
import ServiceKit

ServiceMain.exit(await ServiceMain.run(DocumentReceiver.definition()))
