import FolioAPI
import FolioModel
import ServiceKit
import StoreKit

@testable import InquiryService

extension InquiryStore {
    /// The guest session of the runtimes of these tests.
    static let guestSession = RuntimeFacts.Session(
        identity: .transient(accountId: "guest_runner"), status: .device, folioSessionID: nil)

    /// The facts of a runtime of `org-demo` on `device`, in English, on `session` (a guest's by default).
    static func facts(device: String, session: RuntimeFacts.Session = guestSession) -> RuntimeFacts {
        RuntimeFacts(organizationID: "org-demo", deviceID: device, locale: .english, session: session)
    }

    /// The effect runner of a store on `runtime` whose Folio is `folio` and whose device memory is `memory`; the
    /// SDK language always saves. The runtime's session is what `session` answers when it is read (the guest's
    /// by default); `announce` gets every IssuanceOffered (none expected by default).
    static func effects(
        folio: InquiryFolio, memory: InquiryDeviceMemory, device: String, runtime: RuntimeContext,
        storeID: StoreID = StoreID.generate(for: .inquiry),
        session: @escaping @Sendable () -> RuntimeFacts.Session = { guestSession },
        announce: (@Sendable (IssuanceOffered) async -> Void)? = nil
    ) -> EffectRunner<InquiryReducer> {
        var dependencies = Dependencies.unimplemented
        dependencies.folio = folio
        dependencies.memory = .live(memory)
        dependencies.facts = { _ in facts(device: device, session: session()) }
        dependencies.saveLocale = { _, _ in true }
        dependencies.sleep = { try? await Task.sleep(for: $0) }
        if let announce { dependencies.announceIssuance = announce }
        return effects(
            of: StoreContext(id: storeID, runtime: runtime, local: InquiryDevice(facts(device: device))), dependencies)
    }
}
