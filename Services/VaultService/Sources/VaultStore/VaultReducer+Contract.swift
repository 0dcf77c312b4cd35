import FolioAPI
import StoreKit
import WireModel

extension VaultReducer {
    /// VaultStore's wire contract: `VaultUiModel` and `VaultAction`, with every type they reference.
    public static let contract: StoreContract? = StoreContract(
        model: VaultUiModel.self, action: VaultAction.self,
        types: [
            VaultRecord.self, VaultFolder.self, RecordHeader.self, RecordSync.self, RecordMetadata.self,
            FolderMetadata.self, DocumentSettings.self, RecordState.self, RecordPermission.self,
            ConflictState.self, DocSyncStatus.self, DocSyncPhase.self, VaultErrorView.self, VaultError.self,
            SharingView.self, ShareInvite.self, InviteStatus.self, VaultWrite.self, VaultShare.self,
            ConflictResolution.self, RecordContent.self,
        ])
}
