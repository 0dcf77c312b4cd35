extension String {
    /// Empty or only whitespace: what the spec calls blank (entries, capture sessions, transaction ids).
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
