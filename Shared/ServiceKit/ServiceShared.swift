import Synchronization

/// Something a service's methods, restorers and background loops share, made once from its context the first
/// time any of them asks (a service definition's closures each receive the context, none owns it).
public final class ServiceShared<Value: Sendable>: Sendable {
    private let make: @Sendable (ServiceContext) -> Value
    private let made = Mutex<Value?>(nil)

    public init(_ make: @escaping @Sendable (ServiceContext) -> Value) {
        self.make = make
    }

    public func get(_ context: ServiceContext) -> Value {
        made.withLock { made in
            if let made { return made }
            let value = make(context)
            made = value
            return value
        }
    }
}
