extension TextCatalog {
    static let german: [TextKey: String] = [
        .dataRegionEuropeanUnion: "Europäische Union",
        .dataRegionUnitedStates: "Vereinigte Staaten",
        .authErrorWrongPassword: "Das Passwort ist nicht korrekt.",
        .authErrorWrongCode: "Der Code ist nicht korrekt.",
        .authErrorWrongRecoveryCode: "Der Wiederherstellungscode ist nicht korrekt.",
        .authErrorWeakPassword: "Dieses Passwort ist zu schwach. Wähle ein längeres, schwerer zu erratendes Passwort.",
        .authErrorRateLimited: "Zu viele Versuche. Bitte warte einen Moment und versuche es erneut.",
        .authErrorLocked: "Dieses Konto ist vorübergehend gesperrt. Bitte versuche es später erneut.",
        .authErrorPasskeyCancelled: "Die Passkey-Anfrage wurde abgebrochen.",
        .authErrorPasskeyFailed:
            "Der Passkey konnte nicht verwendet werden. Versuche es erneut oder wähle eine andere Methode.",
        .authErrorUnsupported: "Dieses Gerät unterstützt die erforderliche Anmeldemethode nicht.",
        .authErrorSessionUnavailable: "Die Anmeldung auf diesem Gerät ist fehlgeschlagen. Bitte versuche es erneut.",
        .authErrorAccountNotFound: "Zu diesen Angaben wurde kein Konto gefunden.",
        .authErrorNotSignedIn: "Melde dich zuerst an, um diese Aktion zu bestätigen.",
        .authErrorExpired: "Diese Anfrage ist abgelaufen. Bitte beginne von vorn.",
        .authErrorSocialStateMismatch:
            "Die Anmeldung beim Anbieter konnte nicht zugeordnet werden. Bitte beginne von vorn.",
        .authErrorSocialRejected: "Der Anbieter hat die Anmeldung nicht bestätigt.",
        .authErrorAttestationRejected: "Die Registrierung konnte nicht bestätigt werden.",
        .authErrorDeviceLinkRejected: "Die Freigabe von deinem anderen Gerät wurde nicht akzeptiert.",
        .authErrorNetwork: "Keine Verbindung. Prüfe dein Netzwerk und versuche es erneut.",
        .authErrorUnknown: "Etwas ist schiefgelaufen. Bitte versuche es erneut.",
    ]
}
