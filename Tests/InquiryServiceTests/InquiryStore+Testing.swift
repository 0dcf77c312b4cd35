import FolioModel
import ServiceKit
import StoreKit

@testable import InquiryService

extension InquiryStore {
    /// The facts of a runtime of `org-demo` on `device`, in English, on a guest session.
    static func facts(device: String) -> RuntimeFacts {
        RuntimeFacts(
            organizationID: "org-demo", deviceID: device, locale: .english,
            session: .init(identity: .transient(accountId: "guest_runner"), status: .device, folioSessionID: nil))
    }

    /// The effect runner of a store on `runtime` whose Folio is `folio` and whose device memory is `memory`; the
    /// SDK language always saves.
    static func effects(
        folio: InquiryFolio, memory: InquiryDeviceMemory, device: String, runtime: RuntimeContext,
        storeID: StoreID = StoreID.generate(for: .inquiry)
    ) -> EffectRunner<InquiryReducer> {
        var dependencies = Dependencies.unimplemented
        dependencies.folio = folio
        dependencies.memory = .live(memory)
        dependencies.saveLocale = { _, _ in true }
        dependencies.sleep = { try? await Task.sleep(for: $0) }
        return effects(
            of: StoreContext(id: storeID, runtime: runtime, local: InquiryDevice(facts(device: device))), dependencies)
    }
}
