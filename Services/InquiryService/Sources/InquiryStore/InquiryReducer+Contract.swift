import FolioAPI
import StoreKit
import WireModel

extension InquiryReducer {
    /// The InquiryUiModel, InquiryAction and every wire type they reference (docs/inquiry-store.md).
    public static let contract: StoreContract? = StoreContract(
        model: InquiryUiModel.self, action: InquiryAction.self,
        types: modelTypes + stageTypes + fieldTypes + verificationTypes + identityTypes + actionTypes)

    private static var modelTypes: [any WireDescribed.Type] {
        [
            InquiryView.self, InquiryStatus.self, InquiryChromeView.self, InquiryErrorView.self,
            InquiryErrorView.Placement.self, InquiryFailureView.self, InquiryLifecycle.self, InquiryError.self,
            TerminalOutcome.self,
        ]
    }

    private static var stageTypes: [any WireDescribed.Type] {
        [
            InquiryStage.self, StageNavigation.self, NavigationBarView.self, CancelDialogView.self,
            StepErrorsView.self, StageContent.self, HandoffView.self, HandoffKind.self, LinkTarget.self,
            ScreenView.self, ScreenContainer.self, ContainerLayout.self, ScreenElement.self, TextElement.self,
            TextStyle.self, TextColorView.self, ImageElement.self, ImageRef.self, ImagePresetView.self, ImageScale.self,
            ButtonView.self, ButtonStyle.self, LanguageSelectorView.self, Language.self,
        ]
    }

    private static var fieldTypes: [any WireDescribed.Type] {
        [
            FieldView.self, FieldOption.self, FileValue.self, CaptureMode.self, MaskView.self, DateConstraints.self,
            Weekday.self, PhoneConstraints.self, PhoneDialCodeOptionView.self, PhoneInputView.self, AddressPart.self,
            AddressPartValue.self,
        ]
    }

    private static var verificationTypes: [any WireDescribed.Type] {
        [
            VerificationView.self, AttemptState.self, AttemptPhase.self, ProcessingView.self,
            VerificationFailureView.self, GovernmentIdState.self, DocumentTypeOption.self, IdentityDocumentType.self,
            DocumentSide.self, IdCameraScreenView.self, CaptureTriggerView.self, NfcState.self, NfcDocumentType.self,
            NfcChipFile.self, SelfieState.self, SelfieCaptureView.self, EmailOtpState.self, PhoneOtpState.self,
            OtpCodeView.self,
        ]
    }

    private static var identityTypes: [any WireDescribed.Type] {
        [
            VerifiedIdentity.self, IdentityFile.self, ArtifactField.self, BinaryFormat.self, ImageMetaView.self,
            VerifierOutput.self, GovIdOutput.self, DocumentSubType.self, FileRef.self, DocumentOutput.self,
            DocumentExtractedValue.self,
        ]
    }

    private static var actionTypes: [any WireDescribed.Type] {
        [
            InquiryEntry.self, ResumeSource.self, InquiryIntent.self, InquiryFieldValue.self, Bytes.self,
        ]
    }
}
