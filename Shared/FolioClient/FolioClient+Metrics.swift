import HTTP

/// Told of every call FolioClient makes to Folio, for the process's metrics (ServiceKit's `ServiceMetrics`).
public protocol FolioCallObserver: Sendable {
    /// `route`: the call's method and path with its ids replaced (``FolioClient/route(method:path:)``);
    /// `status`: the class of Folio's answer (`2xx` to `5xx`) or, when there was none, `timeout`, `unreachable`,
    /// `connection_dropped`, `response_too_large`, `cancelled` or `error`; `duration`: until the answer or the
    /// failure.
    func folioCallFinished(route: String, status: String, duration: Duration)
}

extension FolioClient {
    /// ``transfer(_:)``, told to the observer.
    func observedTransfer(_ request: HTTPClientRequest, _ call: FolioCall) async throws(FolioClientError)
        -> HTTPClientResponse
    {
        guard let observer else { return try await transfer(request) }
        let started = ContinuousClock.now
        do {
            let response = try await transfer(request)
            observer.folioCallFinished(
                route: Self.route(method: call.method, path: call.path), status: "\(response.status / 100)xx",
                duration: .now - started)
            return response
        } catch {
            observer.folioCallFinished(
                route: Self.route(method: call.method, path: call.path), status: Self.statusLabel(of: error),
                duration: .now - started)
            throw error
        }
    }

    /// A call as a metrics label: its method and path without the query, each segment that is not a word of
    /// Folio's routes replaced by `{id}` (`GET /v1/inquiries/{id}/result`), so ids never make new series.
    public static func route(method: String, path: String) -> String {
        let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let segments = bare.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let template = segments.map { routeWords.contains(String($0)) ? String($0) : "{id}" }
        return method + " /" + template.joined(separator: "/")
    }

    /// The literal segments of Folio's routes (the FolioEmulator's route table).
    static let routeWords: Set<String> = [
        ".well-known", "accept", "accounts", "alternative", "answer", "attachments", "auth", "back", "batch", "cancel",
        "ceremonies", "changes", "complete", "controller", "delete", "delivery", "device-link", "files", "folders",
        "handoffs", "healthz", "incoming", "inquiries", "issuances", "issued-invites", "jwks.json", "keys", "launch",
        "launch-codes", "members", "operator", "organizations", "outcome", "outgoing", "parts", "purge", "records",
        "redeem", "reject", "resend", "restore", "result", "revoke", "selfie-proxy", "sessions", "settings", "shares",
        "submit", "v1", "vault", "verifications",
    ]

    /// A failure without an answer as a metrics label.
    static func statusLabel(of error: FolioClientError) -> String {
        switch error {
        case .timeout: "timeout"
        case .unreachable: "unreachable"
        case .connectionDropped: "connection_dropped"
        case .responseTooLarge: "response_too_large"
        case .cancelled: "cancelled"
        default: "error"
        }
    }
}
