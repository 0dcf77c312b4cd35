import Crypto

extension SecretSealer {
    /// ``previousKeyPatterns`` as a PostgreSQL array literal, for `LIKE ANY ($1::text[])` (the patterns hold only
    /// the sealed-text prefix, hex digits and `%`, so nothing needs escaping).
    public var previousKeyPatternArray: String {
        "{" + previousKeyPatterns.map { "\"\($0)\"" }.joined(separator: ",") + "}"
    }
}
