import HTTP
import Synchronization

extension FolioClient {
    /// Sends through the HTTP client, racing ``Configuration/timeout``: whichever ends first answers the
    /// caller, and the loser is cancelled (a timed-out transfer is aborted in the background).
    func transfer(_ request: HTTPClientRequest) async throws(FolioClientError) -> HTTPClientResponse {
        let race = TransferRace()
        let httpClient = self.httpClient
        let timeout = configuration.timeout
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.arm(continuation)
                race.add(
                    Task {
                        let outcome: Result<HTTPClientResponse, FolioClientError>
                        do {
                            outcome = .success(try await httpClient.send(request))
                        } catch {
                            outcome = .failure(Self.transportError(error))
                        }
                        race.finish(outcome)
                    })
                race.add(
                    Task {
                        try? await Task.sleep(for: timeout)
                        if !Task.isCancelled { race.finish(.failure(.timeout("no answer within \(timeout)"))) }
                    })
            }
        } onCancel: {
            race.finish(.failure(.cancelled))
        }
        return try result.get()
    }

    static func transportError(_ error: any Error) -> FolioClientError {
        if error is CancellationError { return .cancelled }
        guard let error = error as? HTTPClientError else { return .unreachable("\(error)") }
        switch error {
        case .timeout: return .timeout(error.description)
        case .connectionDropped: return .connectionDropped(error.description)
        case .responseTooLarge: return .responseTooLarge
        default: return .unreachable(error.description)
        }
    }
}

/// The first of "answer", "timeout" and "cancelled" resumes the caller; the tasks are then cancelled.
private final class TransferRace: Sendable {
    typealias Outcome = Result<HTTPClientResponse, FolioClientError>

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var outcome: Outcome?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Mutex(State())

    func arm(_ continuation: CheckedContinuation<Outcome, Never>) {
        let early: Outcome? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func add(_ task: Task<Void, Never>) {
        let finished: Bool = state.withLock { state in
            if state.outcome != nil { return true }
            state.tasks.append(task)
            return false
        }
        if finished { task.cancel() }
    }

    func finish(_ outcome: Outcome) {
        let taken: (CheckedContinuation<Outcome, Never>?, [Task<Void, Never>])? = state.withLock {
            state in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer {
                state.continuation = nil
                state.tasks = []
            }
            return (state.continuation, state.tasks)
        }
        guard let (continuation, tasks) = taken else { return }
        continuation?.resume(returning: outcome)
        for task in tasks { task.cancel() }
    }
}
