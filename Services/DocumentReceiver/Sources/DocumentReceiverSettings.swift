import Lifecycle

/// What the DocumentReceiver reads from its environment besides the common settings (docs/operations.md).
public struct DocumentReceiverSettings: Sendable, Equatable {
    /// `FOLIO_DOCUMENTS_DECIDING_SECONDS` (60), `FOLIO_DOCUMENTS_ON_ITS_WAY_SECONDS` (3) and
    /// `FOLIO_DOCUMENTS_ON_ITS_WAY_MAX_SECONDS` (60): the reception's timers.
    public var timing: ReceptionTiming
    /// `FOLIO_DOCUMENTS_DELIVERY_LEASE_SECONDS` (30): how long a delivery stays claimed by a process that stopped
    /// answering before another process finishes it; the journal is swept every half of it.
    public var deliveryLeaseSeconds: Double

    public init(timing: ReceptionTiming = ReceptionTiming(), deliveryLeaseSeconds: Double = 30) {
        self.timing = timing
        self.deliveryLeaseSeconds = deliveryLeaseSeconds
    }

    public static func fromEnvironment(_ environment: Environment = Environment()) throws -> DocumentReceiverSettings {
        func seconds(_ name: String, _ fallback: Double) throws -> Double {
            let text = environment.string(name, default: String(fallback))
            guard let value = Double(text), value > 0, value <= 86_400 else {
                throw Environment.Invalid(variable: name, value: text, expected: "seconds, more than 0, at most 86400")
            }
            return value
        }
        return DocumentReceiverSettings(
            timing: ReceptionTiming(
                decidingSeconds: try seconds("FOLIO_DOCUMENTS_DECIDING_SECONDS", 60),
                onItsWayFirstSeconds: try seconds("FOLIO_DOCUMENTS_ON_ITS_WAY_SECONDS", 3),
                onItsWayMaxSeconds: try seconds("FOLIO_DOCUMENTS_ON_ITS_WAY_MAX_SECONDS", 60)),
            deliveryLeaseSeconds: try seconds("FOLIO_DOCUMENTS_DELIVERY_LEASE_SECONDS", 30))
    }
}
