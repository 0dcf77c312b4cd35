import FolioModel

/// The subjects of the bus (docs/bus.md).
public enum BusSubjects {
    /// Mounts and service-wide methods, taken by one member of the service's queue group.
    public static func rpc(_ service: String) -> String { "folio.\(service).rpc" }

    /// Methods a service answers for other services only (`vaultinternal.*`), taken by one member of its
    /// queue group. nats-server lets only the services that call them publish here; the Gateway may not.
    public static func internalRPC(_ service: String) -> String { "folio.\(service).internal" }

    /// The queue group of a service's workers.
    public static func queueGroup(_ service: String) -> String { service }

    /// Calls for one mounted store, answered by the worker that hosts it.
    public static func store(_ id: StoreID) -> String { "folio.\(id.service.busName).store.\(id.rawValue)" }

    /// Published by the AuthService when a runtime shuts down, with `{"runtimeId": "..."}`: the Gateway
    /// drops its tokens and every service closes its stores.
    public static let runtimeShutdown = "folio.events.runtime.shutdown"

    /// Published by the AuthService when a runtime's SDK locale changes, with `{"runtimeId", "locale"}`.
    public static let runtimeLocale = "folio.events.runtime.locale"

    /// Published by the AuthService when a runtime's client comes to the foreground, with `{"runtimeId"}`.
    public static let runtimeForeground = "folio.events.runtime.foreground"

    /// Published by the AuthService on every change of a runtime's session, with the SessionUiModel.
    public static func sessionChanged(runtimeID: String) -> String { event("session", runtimeID) }

    /// Events of one kind about one key (`folio.events.session.<runtimeId>`).
    public static func event(_ kind: String, _ key: String) -> String { "\(eventKind(kind)).\(key)" }

    /// The subjects of one kind of keyed event, before the key.
    public static func eventKind(_ kind: String) -> String { "folio.events.\(kind)" }
}
