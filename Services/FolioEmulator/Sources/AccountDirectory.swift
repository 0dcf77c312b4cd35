import Synchronization

/// The accounts: fixture accounts plus those signed up while the emulator runs (in memory only).
final class AccountDirectory: Sendable {
    enum Insertion {
        case created(Account)
        case emailTaken
    }

    private let accounts: Mutex<[String: Account]>

    init(_ initial: [Account]) {
        accounts = Mutex(Dictionary(initial.map { ($0.id, $0) }) { first, _ in first })
    }

    func account(id: String) -> Account? {
        accounts.withLock { $0[id] }
    }

    /// The accounts of an organization sorted by id.
    func accounts(organizationId: String) -> [Account] {
        accounts.withLock { all in
            all.values.filter { $0.organizationId == organizationId }.sorted { $0.id < $1.id }
        }
    }

    var count: Int { accounts.withLock { $0.count } }

    /// Adds the account unless its organization already has an account with the same email
    /// (compared case-insensitively).
    func insert(_ account: Account) -> Insertion {
        accounts.withLock { all in
            let email = account.email.lowercased()
            if all.values.contains(where: {
                $0.organizationId == account.organizationId && $0.email.lowercased() == email
            }) {
                return .emailTaken
            }
            all[account.id] = account
            return .created(account)
        }
    }
}
