/// The texts the emulator adds around a template's screens (navigation bar, cancel dialog, observer
/// screen, validation messages), in English and German; any other locale gets English.
struct InquiryTexts: Sendable {
    var back: String
    var close: String
    var cancelTitle: String
    var cancelPrompt: String
    var cancelConfirm: String
    var cancelDismiss: String
    var transportError: String
    var observerTitle: String
    var observerBody: String
    var continueHere: String
    var required: String
    var notAnOption: String
    var unknownFile: String
    var fileType: String
    var invalidCode: String
    var expiredCode: String
    var attemptsExhausted: String
    var confirmExhausted: String
    var invalidEmail: String
    var invalidPhone: String
    var missingTarget: String
    var deliveryFailed: String

    /// The message of a field whose key starts with `reject_`, the same in every language.
    static let rejected = "rejected by Folio"

    static func texts(for locale: String) -> InquiryTexts {
        locale == "de" ? german : english
    }

    static let english = InquiryTexts(
        back: "Back", close: "Close", cancelTitle: "Leave the verification?",
        cancelPrompt: "Your progress will be lost.", cancelConfirm: "Leave", cancelDismiss: "Stay",
        transportError: "Something went wrong. Please try again.", observerTitle: "Continuing on another device",
        observerBody: "This verification is being continued on another device.", continueHere: "Continue here",
        required: "This field is required.", notAnOption: "Choose one of the options.",
        unknownFile: "Upload the file first.", fileType: "This file type is not accepted.",
        invalidCode: "This code is not correct.", expiredCode: "This code has expired. Request a new one.",
        attemptsExhausted: "No more codes can be sent.", confirmExhausted: "Too many wrong codes. Request a new one.",
        invalidEmail: "Enter a valid email address.", invalidPhone: "Enter a valid phone number.",
        missingTarget: "Enter where to send the code.", deliveryFailed: "The code could not be sent. Try again.")

    static let german = InquiryTexts(
        back: "Zurück", close: "Schließen", cancelTitle: "Verifizierung verlassen?",
        cancelPrompt: "Dein Fortschritt geht verloren.", cancelConfirm: "Verlassen", cancelDismiss: "Bleiben",
        transportError: "Etwas ist schiefgelaufen. Bitte versuche es erneut.",
        observerTitle: "Weiter auf einem anderen Gerät",
        observerBody: "Diese Verifizierung wird auf einem anderen Gerät fortgesetzt.", continueHere: "Hier fortfahren",
        required: "Dieses Feld ist erforderlich.", notAnOption: "Wähle eine der Optionen.",
        unknownFile: "Lade die Datei zuerst hoch.", fileType: "Dieser Dateityp wird nicht akzeptiert.",
        invalidCode: "Dieser Code ist nicht richtig.",
        expiredCode: "Dieser Code ist abgelaufen. Fordere einen neuen an.",
        attemptsExhausted: "Es können keine weiteren Codes gesendet werden.",
        confirmExhausted: "Zu viele falsche Codes. Fordere einen neuen an.",
        invalidEmail: "Gib eine gültige E-Mail-Adresse ein.", invalidPhone: "Gib eine gültige Telefonnummer ein.",
        missingTarget: "Gib an, wohin der Code gesendet werden soll.",
        deliveryFailed: "Der Code konnte nicht gesendet werden. Versuche es erneut.")
}
