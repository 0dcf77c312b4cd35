import Synchronization

/// A dependency that a test did not expect to be called. Dependency structs have an `unimplemented` value
/// whose closures report through here and throw this error (or return a failure): a test overrides only what
/// it expects, and any other call fails it.
public struct UnimplementedDependency: Error, Sendable, Equatable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
        UnimplementedDependency.reporter.withLock { $0 }(name)
    }

    public var description: String { "\(name) is not implemented in this test" }

    /// Where a call is reported: standard error by default; the testing module makes it a test failure.
    public static let reporter = Mutex<@Sendable (String) -> Void>({ name in
        print("unimplemented dependency called: \(name)")
    })
}
