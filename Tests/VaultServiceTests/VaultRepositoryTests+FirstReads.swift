import VaultService
import XCTest

extension VaultRepositoryTests {
    /// A new vault's data key is made by whichever transaction reads the vault first. Consistent reads (one
    /// snapshot for a whole view) of a new vault at the same moment, as a mount's first read beside the
    /// session-start sync, must not fail with a serialization failure when another made the key first.
    func testConcurrentFirstReadsOfANewVaultAllSucceed() async throws {
        for _ in 0..<5 {
            let owner = account()
            let repository = self.repository!
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 { group.addTask { _ = try await repository.view(account: owner) } }
                try await group.waitForAll()
            }
        }
    }
}
