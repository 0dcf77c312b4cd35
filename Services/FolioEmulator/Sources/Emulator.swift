import Crypto
import Lifecycle
import Synchronization

/// The running emulator's state and routes; ``EmulatorServer`` feeds it HTTP requests.
final class Emulator: Sendable {
    let configuration: EmulatorConfiguration
    let clock: EmulatorClock
    let signer: EmulatorSigner
    let fixtures: FixtureSet
    /// Sorted by id, the order of `GET /v1/organizations`.
    let organizations: [Organization]
    let organizationsByID: [String: Organization]
    let accounts: AccountDirectory
    /// Authentication ceremonies, sessions and their fixtures.
    let auth: AuthEmulator
    /// Vault records, shares, attachments, keys and change feeds.
    let vault = VaultEmulator()
    /// Inquiry templates, inquiries, launch codes, tokens and handoffs.
    let inquiries: InquiryEmulator
    /// Issuers, document templates and the issuances completed inquiries offer.
    let issuances: IssuanceEmulator
    let idempotency = IdempotencyRecords()
    let faults = FaultInjector()
    let router: Router
    let logger: Logger
    /// Set by shutdown so that injected delays end early.
    let stopping = Atomic<Bool>(false)
    private let idCounter = Atomic<Int>(0)

    init(
        configuration: EmulatorConfiguration, clock: EmulatorClock, signer: EmulatorSigner,
        fixtures: FixtureSet
    ) throws(EmulatorError) {
        self.configuration = configuration
        self.clock = clock
        self.signer = signer
        self.fixtures = fixtures
        let loadedAt = RFC3339.format(clock.now())
        organizations = try Organization.load(from: fixtures, defaultCreatedAt: loadedAt)
            .sorted { $0.id < $1.id }
        organizationsByID = Dictionary(organizations.map { ($0.id, $0) }) { first, _ in first }
        accounts = AccountDirectory(try Account.load(from: fixtures, defaultCreatedAt: loadedAt))
        auth = try AuthEmulator(fixtures: fixtures, mode: configuration.mode)
        inquiries = try InquiryEmulator(fixtures: fixtures)
        issuances = try IssuanceEmulator(fixtures: fixtures, inquiryTemplates: inquiries.templates)
        router = Self.makeRouter()
        logger = Logger(service: "folio-emulator", minimumLevel: configuration.logLevel)
    }

    /// A new opaque id: `<prefix>_t000001`, `<prefix>_t000002`... in test mode (reproducible),
    /// `<prefix>_` and 16 random base64url characters in live mode.
    func newID(prefix: String) -> String {
        guard configuration.mode == .test else {
            return prefix + "_" + Base64URL.encode(Random.bytes(12))
        }
        let number = idCounter.add(1, ordering: .relaxed).newValue
        let digits = String(number)
        return prefix + "_t" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
