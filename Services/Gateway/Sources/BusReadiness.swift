import Bus

/// A bus transport that can tell whether it is connected; `/readyz` answers 200 only while it is.
public protocol BusReadiness: Sendable {
    var isBusReady: Bool { get }
}

extension NATSBus: BusReadiness {
    public var isBusReady: Bool { isConnected }
}

extension InProcessBus: BusReadiness {
    public var isBusReady: Bool { true }
}
