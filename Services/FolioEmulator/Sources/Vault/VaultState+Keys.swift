import Crypto
import FolioModel

extension VaultState {
    /// Publishes (or replaces) the caller's vault public keys.
    mutating func publishKeys(box: String, sign: String, _ env: VaultEnvironment) -> JSONValue {
        let published = VaultKeys(
            accountId: env.caller.publicAccountId, boxPublicKey: box, signPublicKey: sign, updatedAt: env.now)
        keys[env.account] = published
        return Self.json(published, organizationId: env.caller.organizationId, email: env.caller.email)
    }

    /// The keys of an account of the caller's organization, named by id or by email.
    func lookupKeys(accountId: String?, email: String?, _ env: VaultEnvironment) throws(VaultFailure) -> JSONValue {
        let organization = env.caller.organizationId
        let account: Account?
        if let accountId {
            account = env.accounts.account(id: accountId).flatMap { $0.organizationId == organization ? $0 : nil }
        } else {
            let wanted = (email ?? "").lowercased()
            account = env.accounts.accounts(organizationId: organization).first { $0.email.lowercased() == wanted }
        }
        guard let account else {
            throw VaultFailure(
                status: 404, code: "ACCOUNT_NOT_FOUND",
                message: "no account \(accountId ?? email ?? "") in \(organization)")
        }
        guard let published = keys[account.id] else {
            throw VaultFailure(
                status: 404, code: "VAULT_KEYS_NOT_FOUND", message: "\(account.id) has published no vault keys")
        }
        return Self.json(published, organizationId: organization, email: account.email)
    }

    private static func json(_ keys: VaultKeys, organizationId: String, email: String) -> JSONValue {
        [
            "accountId": .string(keys.accountId), "organizationId": .string(organizationId), "email": .string(email),
            "boxPublicKey": .string(keys.boxPublicKey), "signPublicKey": .string(keys.signPublicKey),
            "updatedAt": .string(RFC3339.format(keys.updatedAt)),
        ]
    }
}
