/// What the issuer puts into a document when it issues it (`POST /admin/issuances/{id}/decide` with ISSUE, or
/// the auto-decide mode with none of these).
struct IssuanceDecision: Sendable {
    /// TEXT and DATE values by field key; they win over the inquiry's values and the template's samples.
    var values: [String: String] = [:]
    var title: String?
    var titles: [String: String] = [:]
    /// `YYYY-MM-DD`; default the day of issue.
    var validFrom: String?
    /// `YYYY-MM-DD`; default `validFrom` plus the template's `validityDays`.
    var validUntil: String?
    var isTest = false
}
