import Foundation

/// How the store recognizes a physical document (identity-records.md "One record per document"): the
/// documentNumber without whitespace and hyphens, letters uppercased, and the birthdate without surrounding
/// whitespace. Nil when the output lacks either.
enum IdentityFingerprint {
    static func of(_ output: GovIdOutput) -> String? {
        guard let number = output.documentNumber, let birthdate = output.birthdate else { return nil }
        let normalized = String(number.filter { !$0.isWhitespace && $0 != "-" }).uppercased()
        let date = birthdate.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !normalized.isEmpty, !date.isEmpty else { return nil }
        return normalized + "|" + date
    }
}
