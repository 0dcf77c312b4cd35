import DocumentReceiver
import Foundation
import ServiceKit

do {
    ServiceMain.exit(await ServiceMain.run(try DocumentReceiver.definition()))
} catch {
    FileHandle.standardError.write(Data("documents: \(error)\n".utf8))
    exit(1)
}
