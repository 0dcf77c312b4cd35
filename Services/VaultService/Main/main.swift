import Foundation
import ServiceKit
import VaultService

do {
    ServiceMain.exit(await ServiceMain.run(try VaultService.definition()))
} catch {
    FileHandle.standardError.write(Data("vault: \(error)\n".utf8))
    exit(1)
}
