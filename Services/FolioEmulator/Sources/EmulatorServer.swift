import Foundation
import HTTP
import Synchronization

/// The FolioEmulator: loads the fixtures and serves the Folio API over HTTP.
///
/// ```swift
/// let server = try EmulatorServer(configuration: configuration)
/// let port = try await server.start()
/// ...
/// await server.shutdown()
/// ```
public final class EmulatorServer: Sendable {
    private enum State {
        case idle
        case starting
        case running(HTTPServer, Emulator)
        case stopped
    }

    /// The configuration the server was created with.
    public let configuration: EmulatorConfiguration
    /// The clock every route reads.
    public let clock: EmulatorClock
    /// The signing keys behind `/.well-known/jwks.json`.
    public let signer: EmulatorSigner
    private let state = Mutex(State.idle)

    /// Creates a stopped server; throws for a signing seed that is not 32 bytes.
    public init(configuration: EmulatorConfiguration) throws(EmulatorError) {
        self.configuration = configuration
        clock = EmulatorClock(mode: configuration.mode, start: configuration.clockStart, runs: configuration.clockRuns)
        signer = try EmulatorSigner(seed: configuration.signingSeed, mode: configuration.mode)
    }

    /// Creates and starts a server.
    public static func start(_ configuration: EmulatorConfiguration) async throws(EmulatorError)
        -> EmulatorServer
    {
        let server = try EmulatorServer(configuration: configuration)
        _ = try await server.start()
        return server
    }

    /// Loads the fixtures, binds and starts serving; returns the bound port. Throws
    /// ``EmulatorError/invalidFixture`` naming the file when a fixture is bad, ``EmulatorError/startFailed``
    /// when the address cannot be bound or the server was already started.
    @discardableResult
    public func start() async throws(EmulatorError) -> UInt16 {
        try state.withLock { (state: inout State) throws(EmulatorError) in
            guard case .idle = state else { throw .startFailed("already started") }
            state = .starting
        }
        let configuration = self.configuration
        let clock = self.clock
        let signer = self.signer
        // File reads and the bind are blocking: they run on their own thread, not the cooperative pool.
        let result: Result<(HTTPServer, Emulator), EmulatorError> = await withCheckedContinuation {
            continuation in
            let thread = Thread {
                continuation.resume(
                    returning: Result { () throws(EmulatorError) -> (HTTPServer, Emulator) in
                        let fixtures = try FixtureSet.load(from: configuration.fixturesPath)
                        let emulator = try Emulator(
                            configuration: configuration, clock: clock, signer: signer, fixtures: fixtures)
                        let http = HTTPServer(
                            configuration: .init(
                                host: configuration.host, port: configuration.port,
                                maxBodySize: emulator.router.maxBodyBytes,
                                shutdownGracePeriod: .seconds(5))
                        ) { request in
                            await emulator.handle(request)
                        }
                        do {
                            try http.start()
                        } catch {
                            throw .startFailed("\(error)")
                        }
                        return (http, emulator)
                    })
            }
            thread.start()
        }
        switch result {
        case .success(let (http, emulator)):
            state.withLock { $0 = .running(http, emulator) }
            return http.port
        case .failure(let error):
            state.withLock { $0 = .idle }
            throw error
        }
    }

    /// The bound port, or 0 when not running.
    public var port: UInt16 {
        state.withLock { state in
            if case .running(let http, _) = state { return http.port }
            return 0
        }
    }

    /// `http://host:port` of the running server.
    public var baseURL: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)"
    }

    /// An admin client for this server.
    public func admin(httpClient: HTTPClient) -> FolioEmulatorAdmin {
        FolioEmulatorAdmin(baseURL: baseURL, adminKey: configuration.adminKey, httpClient: httpClient)
    }

    /// Stops accepting connections, ends injected delays, lets in-flight requests finish (up to 5 s)
    /// and stops. Safe to call more than once.
    public func shutdown() async {
        let running: (HTTPServer, Emulator)? = state.withLock { state in
            guard case .running(let http, let emulator) = state else { return nil }
            state = .stopped
            return (http, emulator)
        }
        guard let (http, emulator) = running else { return }
        emulator.stopping.store(true, ordering: .relaxed)
        await http.shutdown()
    }
}
