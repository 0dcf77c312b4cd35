import AuthService
import Foundation
import ServiceKit

do {
    ServiceMain.exit(await ServiceMain.run(try AuthService.definition()))
} catch {
    FileHandle.standardError.write(Data("auth: \(error)\n".utf8))
    exit(1)
}
