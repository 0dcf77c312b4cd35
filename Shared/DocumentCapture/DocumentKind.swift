/// The identity document formats of ISO/IEC 7810 that the analyzer recognizes by their aspect ratio.
public enum DocumentKind: String, Codable, CaseIterable, Sendable {
    /// 85.60 × 53.98 mm: identity and bank cards, driving licences.
    case id1
    /// 125 × 88 mm: passport data pages.
    case id3

    /// Long side over short side.
    public var aspectRatio: Double {
        switch self {
        case .id1: 85.60 / 53.98
        case .id3: 125.0 / 88.0
        }
    }

    /// The format whose aspect ratio is nearest to `aspectRatio` (long over short side), if it is within
    /// `tolerance` of it (0.12: 12 %).
    public static func matching(aspectRatio: Double, tolerance: Double) -> DocumentKind? {
        guard aspectRatio.isFinite, aspectRatio > 0 else { return nil }
        var best: (kind: DocumentKind, error: Double)?
        for kind in allCases {
            let error = abs(aspectRatio / kind.aspectRatio - 1)
            if error <= tolerance, error < best?.error ?? .infinity { best = (kind, error) }
        }
        return best?.kind
    }
}
