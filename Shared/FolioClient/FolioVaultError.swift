import FolioWire

/// A failed vault call.
///
/// ``failure`` is Folio's error body when Folio answered with one; ``underlying`` is the same failure as
/// every Folio call reports it (status, and transport errors such as timeouts, where ``failure`` is nil).
/// Retry only when ``isRetryable``, with the same Idempotency-Key.
public struct FolioVaultError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What Folio answered, nil when it did not answer with an error body.
    public let failure: FolioVaultFailure?
    /// The failure as ``FolioClientError``.
    public let underlying: FolioClientError

    /// Creates an error.
    public init(failure: FolioVaultFailure?, underlying: FolioClientError) {
        self.failure = failure
        self.underlying = underlying
    }

    /// The one place a failed call becomes a vault error: the failure is read from the error body.
    init(_ error: FolioAPIError) {
        self.init(
            failure: error.details.flatMap { try? FolioWireJSON.decode(FolioVaultFailure.self, from: $0) },
            underlying: error)
    }

    /// The code to switch on; nil for transport failures.
    public var code: FolioVaultErrorCode? { failure?.code }

    /// The HTTP status, when Folio answered.
    public var status: Int? { underlying.status }

    /// True when the same call may succeed later (see ``FolioClientError/isRetryable``).
    public var isRetryable: Bool { underlying.isRetryable }

    public var description: String {
        guard let failure else { return underlying.description }
        return "Folio refused: \(failure.rawCode): \(failure.message)"
    }
}
