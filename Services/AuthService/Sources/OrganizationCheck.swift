import FolioClient
import Synchronization

/// Whether the organization a `runtime.create` names exists at Folio (`GET /v1/organizations/{id}`), asked
/// once and remembered, so that creating runtimes stays cheap: a known organization for
/// ``knownFor`` (5 minutes), an unknown one for ``unknownFor`` (10 seconds, so one created meanwhile
/// is soon accepted), and a Folio that could not be asked for ``unreachableFor`` (5 seconds). Calls that
/// ask about the same organization at the same time share one request.
///
/// When Folio cannot be asked (unreachable, timed out, an error answer other than 404) the answer is
/// ``Answer/unreachable(_:)``: `runtime.create` then accepts the organization and logs it, since every
/// later call to Folio checks the organization again.
public final class OrganizationCheck: Sendable {
    public enum Answer: Sendable, Equatable {
        /// Folio knows the organization.
        case known
        /// Folio answered 404: there is no such organization.
        case unknown
        /// Folio could not tell (the reason, for the log).
        case unreachable(String)
    }

    public typealias Lookup = @Sendable (_ organizationID: String) async -> Answer

    public static let defaultKnownFor = Duration.seconds(300)
    public static let defaultUnknownFor = Duration.seconds(10)
    public static let defaultUnreachableFor = Duration.seconds(5)
    /// At most this many organizations are remembered; beyond it the cache starts afresh.
    public static let defaultCapacity = 4096

    public let knownFor: Duration
    public let unknownFor: Duration
    public let unreachableFor: Duration
    public let capacity: Int
    private let lookup: Lookup
    private let now: @Sendable () -> ContinuousClock.Instant

    private enum Entry {
        case asking(Task<Answer, Never>)
        case settled(Answer, until: ContinuousClock.Instant)
    }

    private let entries = Mutex<[String: Entry]>([:])

    public init(
        knownFor: Duration = defaultKnownFor, unknownFor: Duration = defaultUnknownFor,
        unreachableFor: Duration = defaultUnreachableFor, capacity: Int = defaultCapacity,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        lookup: @escaping Lookup
    ) {
        self.knownFor = knownFor
        self.unknownFor = unknownFor
        self.unreachableFor = unreachableFor
        self.capacity = capacity
        self.now = now
        self.lookup = lookup
    }

    /// Asks `folio` (404 is unknown; every other failure is unreachable).
    public convenience init(folio: FolioClient) {
        self.init { organizationID in
            do throws(FolioClientError) {
                _ = try await folio.organization(id: organizationID)
                return .known
            } catch {
                if error.status == 404 { return .unknown }
                return .unreachable(String(describing: error))
            }
        }
    }

    private enum Step {
        case remembered(Answer)
        case wait(Task<Answer, Never>)
    }

    /// The answer for `organizationID`, remembered or asked for.
    public func answer(for organizationID: String) async -> Answer {
        let instant = now()
        let step: Step = entries.withLock { entries in
            switch entries[organizationID] {
            case .settled(let answer, let until)? where until > instant:
                return .remembered(answer)
            case .asking(let task)?:
                return .wait(task)
            default:
                if entries.count >= capacity { entries.removeAll() }
                let lookup = self.lookup
                let task = Task { await lookup(organizationID) }
                entries[organizationID] = .asking(task)
                return .wait(task)
            }
        }
        let task: Task<Answer, Never>
        switch step {
        case .remembered(let answer): return answer
        case .wait(let asking): task = asking
        }
        let answer = await task.value
        let settledAt = now()
        entries.withLock { entries in
            guard case .asking? = entries[organizationID] else { return }
            let lifetime: Duration
            switch answer {
            case .known: lifetime = knownFor
            case .unknown: lifetime = unknownFor
            case .unreachable: lifetime = unreachableFor
            }
            entries[organizationID] = .settled(answer, until: settledAt + lifetime)
        }
        return answer
    }
}
