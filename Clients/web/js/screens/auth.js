// AuthStore: the authentication ceremony (docs/auth-store.md). The page shows what `flow` says and sends one
// action per interaction; it never chooses a method itself.

import { h } from '../dom.js';
import { t, addLabels } from '../i18n.js';
import { render, field, banner } from '../view.js';
import { fromBase64Url, toBase64Url } from '../bytes.js';

addLabels({
  en: {
    authTitleIdle: 'Sign in', authTitleBusy: 'Please wait…', authTitlePassword: 'Enter your password',
    authTitleOtp: 'Enter the code', authTitleTotp: 'Enter the authenticator code',
    authTitleRecoveryCode: 'Enter your recovery code', authTitleNewPassword: 'Choose a new password',
    authTitleSocialRedirect: 'Continue with your provider', authTitleSocialCallback: 'Finish with your provider',
    authTitleAttestation: 'Confirm the sign-up', authTitleDeviceApproval: 'Approve on your other device',
    authTitlePasskey: 'Use your passkey', authTitleRecoveryAck: 'Save your recovery code',
    authTitleAuthenticated: 'You are signed in', authTitleFailed: 'Sign-in did not work',
    authEmail: 'Email address', authContinue: 'Continue', authAnonymous: 'Continue without an email address',
    authRecover: 'Recover my account', authVerify: 'Confirm it is me',
    authPassword: 'Password', authCode: 'Code', authCodeSent: 'We sent a code to {destination} ({channel}).',
    authChannelEMAIL: 'email', authChannelSMS: 'text message', authCodeDigits: '{length} digits',
    authResend: 'Send a new code', authTotp: 'Code from your authenticator app', authRecoveryCode: 'Recovery code',
    authNewPassword: 'New password', authCancel: 'Cancel', authOtherMethods: 'Other ways to continue',
    authMethodPASSWORD: 'Use my password', authMethodOTP: 'Send me a code', authMethodTOTP: 'Use my authenticator app',
    authMethodRECOVERY_CODE: 'Use a recovery code', authMethodNEW_PASSWORD: 'Set a new password',
    authMethodSOCIAL_REDIRECT: 'Use a provider', authMethodSOCIAL_CALLBACK: 'Use a provider',
    authMethodINTEGRATOR_ATTESTATION: 'Confirm through the app', authMethodPASSKEY: 'Use a passkey',
    authMethodDEVICE_APPROVAL: 'Approve on another device',
    authProviderContinue: 'Continue with {provider}', authSocialCode: 'Authorization code', authSocialState: 'State',
    authAttestation: 'Attestation from the app (JWT)',
    authAttestationHint: 'The app you signed up through issues this confirmation for the nonce {nonce}.',
    authDeviceIntro: 'Approve this sign-in on a device where you are already signed in.',
    authDeviceFingerprint: 'This device', authDeviceExpires: 'The request is valid for {seconds} seconds.',
    authDeviceNative: 'Approving needs the Folio app on your other device; this page cannot do it. '
      + 'Paste its approval below, or choose another way to continue.',
    authTransferAck: 'Approval from your other device', authDeviceSend: 'Send the approval',
    authPasskeyOpen: 'Open the passkey dialog', authPasskeyMissing: 'This browser does not support passkeys.',
    authRecoveryIntro: 'This is the recovery code of your new account. Store it somewhere safe: you need it '
      + 'to recover the account if you lose access.',
    authRecoveryCopy: 'Copy', authRecoveryCopied: 'Copied.', authRecoverySaved: 'I saved it',
    authDoneText: 'The sign-in is complete.', authToSession: 'Show my session', authStartAgain: 'Start again',
    authRegion: 'Where your documents are stored', authRetryAfter: 'Try again in {seconds} seconds.',
    authLockedUntil: 'Locked until {time}.',
    authErrorWRONG_PASSWORD: 'The password is not correct.', authErrorWRONG_CODE: 'The code is not correct.',
    authErrorWRONG_RECOVERY_CODE: 'The recovery code is not correct.',
    authErrorWEAK_PASSWORD: 'This password is too weak. Choose a longer one that is harder to guess.',
    authErrorRATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
    authErrorLOCKED: 'This account is locked for now. Please try again later.',
    authErrorPASSKEY_CANCELLED: 'The passkey request was cancelled.',
    authErrorPASSKEY_FAILED: 'The passkey could not be used. Try again or choose another method.',
    authErrorUNSUPPORTED: 'This device does not support the required sign-in method.',
    authErrorSESSION_UNAVAILABLE: 'You could not be signed in on this device. Please try again.',
    authErrorACCOUNT_NOT_FOUND: 'No account was found for these details.',
    authErrorNOT_SIGNED_IN: 'Sign in first to confirm this action.',
    authErrorEXPIRED: 'This request has expired. Please start again.',
    authErrorSOCIAL_STATE_MISMATCH: 'The sign-in with the provider could not be matched. Please start again.',
    authErrorSOCIAL_REJECTED: 'The provider did not confirm the sign-in.',
    authErrorATTESTATION_REJECTED: 'The sign-up could not be confirmed.',
    authErrorDEVICE_LINK_REJECTED: 'The approval from your other device was not accepted.',
    authErrorNETWORK: 'No connection. Check your network and try again.',
    authErrorUNKNOWN: 'Something went wrong. Please try again.',
    authInvalidInput: 'Check this entry: {reason}',
  },
  de: {
    authTitleIdle: 'Anmelden', authTitleBusy: 'Bitte warten…', authTitlePassword: 'Passwort eingeben',
    authTitleOtp: 'Code eingeben', authTitleTotp: 'Code der Authenticator-App eingeben',
    authTitleRecoveryCode: 'Wiederherstellungscode eingeben', authTitleNewPassword: 'Neues Passwort wählen',
    authTitleSocialRedirect: 'Weiter mit deinem Anbieter', authTitleSocialCallback: 'Beim Anbieter abschließen',
    authTitleAttestation: 'Registrierung bestätigen', authTitleDeviceApproval: 'Auf deinem anderen Gerät freigeben',
    authTitlePasskey: 'Passkey verwenden', authTitleRecoveryAck: 'Wiederherstellungscode sichern',
    authTitleAuthenticated: 'Du bist angemeldet', authTitleFailed: 'Die Anmeldung hat nicht geklappt',
    authEmail: 'E-Mail-Adresse', authContinue: 'Weiter', authAnonymous: 'Ohne E-Mail-Adresse fortfahren',
    authRecover: 'Mein Konto wiederherstellen', authVerify: 'Bestätigen, dass ich es bin',
    authPassword: 'Passwort', authCode: 'Code', authCodeSent: 'Wir haben einen Code an {destination} gesendet ({channel}).',
    authChannelEMAIL: 'E-Mail', authChannelSMS: 'SMS', authCodeDigits: '{length} Ziffern',
    authResend: 'Neuen Code senden', authTotp: 'Code aus deiner Authenticator-App',
    authRecoveryCode: 'Wiederherstellungscode', authNewPassword: 'Neues Passwort', authCancel: 'Abbrechen',
    authOtherMethods: 'Andere Möglichkeiten', authMethodPASSWORD: 'Mit Passwort',
    authMethodOTP: 'Code zusenden', authMethodTOTP: 'Mit Authenticator-App',
    authMethodRECOVERY_CODE: 'Mit Wiederherstellungscode', authMethodNEW_PASSWORD: 'Neues Passwort festlegen',
    authMethodSOCIAL_REDIRECT: 'Mit einem Anbieter', authMethodSOCIAL_CALLBACK: 'Mit einem Anbieter',
    authMethodINTEGRATOR_ATTESTATION: 'Über die App bestätigen', authMethodPASSKEY: 'Mit Passkey',
    authMethodDEVICE_APPROVAL: 'Auf einem anderen Gerät freigeben',
    authProviderContinue: 'Weiter mit {provider}', authSocialCode: 'Autorisierungscode', authSocialState: 'State',
    authAttestation: 'Bestätigung der App (JWT)',
    authAttestationHint: 'Die App, über die du dich registrierst, stellt diese Bestätigung für die Nonce {nonce} aus.',
    authDeviceIntro: 'Gib diese Anmeldung auf einem Gerät frei, auf dem du bereits angemeldet bist.',
    authDeviceFingerprint: 'Dieses Gerät', authDeviceExpires: 'Die Anfrage gilt {seconds} Sekunden.',
    authDeviceNative: 'Die Freigabe braucht die Folio-App auf deinem anderen Gerät; diese Seite kann das nicht. '
      + 'Füge ihre Freigabe unten ein oder wähle eine andere Möglichkeit.',
    authTransferAck: 'Freigabe deines anderen Geräts', authDeviceSend: 'Freigabe senden',
    authPasskeyOpen: 'Passkey-Dialog öffnen', authPasskeyMissing: 'Dieser Browser unterstützt keine Passkeys.',
    authRecoveryIntro: 'Das ist der Wiederherstellungscode deines neuen Kontos. Bewahre ihn sicher auf: Du '
      + 'brauchst ihn, um das Konto wiederherzustellen, wenn du keinen Zugang mehr hast.',
    authRecoveryCopy: 'Kopieren', authRecoveryCopied: 'Kopiert.', authRecoverySaved: 'Ich habe ihn gesichert',
    authDoneText: 'Die Anmeldung ist abgeschlossen.', authToSession: 'Meine Sitzung anzeigen',
    authStartAgain: 'Von vorn beginnen', authRegion: 'Wo deine Dokumente gespeichert werden',
    authRetryAfter: 'Versuche es in {seconds} Sekunden erneut.', authLockedUntil: 'Gesperrt bis {time}.',
    authErrorWRONG_PASSWORD: 'Das Passwort ist nicht korrekt.', authErrorWRONG_CODE: 'Der Code ist nicht korrekt.',
    authErrorWRONG_RECOVERY_CODE: 'Der Wiederherstellungscode ist nicht korrekt.',
    authErrorWEAK_PASSWORD: 'Dieses Passwort ist zu schwach. Wähle ein längeres, schwerer zu erratendes Passwort.',
    authErrorRATE_LIMITED: 'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut.',
    authErrorLOCKED: 'Dieses Konto ist vorübergehend gesperrt. Bitte versuche es später erneut.',
    authErrorPASSKEY_CANCELLED: 'Die Passkey-Anfrage wurde abgebrochen.',
    authErrorPASSKEY_FAILED: 'Der Passkey konnte nicht verwendet werden. Versuche es erneut oder wähle eine andere Methode.',
    authErrorUNSUPPORTED: 'Dieses Gerät unterstützt die erforderliche Anmeldemethode nicht.',
    authErrorSESSION_UNAVAILABLE: 'Die Anmeldung auf diesem Gerät ist fehlgeschlagen. Bitte versuche es erneut.',
    authErrorACCOUNT_NOT_FOUND: 'Zu diesen Angaben wurde kein Konto gefunden.',
    authErrorNOT_SIGNED_IN: 'Melde dich zuerst an, um diese Aktion zu bestätigen.',
    authErrorEXPIRED: 'Diese Anfrage ist abgelaufen. Bitte beginne von vorn.',
    authErrorSOCIAL_STATE_MISMATCH: 'Die Anmeldung beim Anbieter konnte nicht zugeordnet werden. Bitte beginne von vorn.',
    authErrorSOCIAL_REJECTED: 'Der Anbieter hat die Anmeldung nicht bestätigt.',
    authErrorATTESTATION_REJECTED: 'Die Registrierung konnte nicht bestätigt werden.',
    authErrorDEVICE_LINK_REJECTED: 'Die Freigabe von deinem anderen Gerät wurde nicht akzeptiert.',
    authErrorNETWORK: 'Keine Verbindung. Prüfe dein Netzwerk und versuche es erneut.',
    authErrorUNKNOWN: 'Etwas ist schiefgelaufen. Bitte versuche es erneut.',
    authInvalidInput: 'Bitte prüfe diese Eingabe: {reason}',
  },
});

/** A label with `{name}` placeholders filled in. */
function tf(key, values = {}) {
  return t(key).replace(/\{(\w+)\}/g, (match, name) => (name in values ? String(values[name]) : match));
}

/** The phase each wrong-input error belongs to, and the input that shows it. */
const fieldOfError = {
  WRONG_PASSWORD: { PASSWORD: 'auth-password' },
  WRONG_CODE: { OTP: 'auth-otp', TOTP: 'auth-totp' },
  WRONG_RECOVERY_CODE: { RECOVERY_CODE: 'auth-recovery-code' },
  WEAK_PASSWORD: { NEW_PASSWORD: 'auth-new-password' },
  ATTESTATION_REJECTED: { INTEGRATOR_ATTESTATION: 'auth-attestation' },
  DEVICE_LINK_REJECTED: { DEVICE_APPROVAL: 'auth-transfer-ack' },
};

const titleOfPhase = {
  PASSWORD: 'authTitlePassword', OTP: 'authTitleOtp', TOTP: 'authTitleTotp', RECOVERY_CODE: 'authTitleRecoveryCode',
  NEW_PASSWORD: 'authTitleNewPassword', SOCIAL_REDIRECT: 'authTitleSocialRedirect',
  SOCIAL_CALLBACK: 'authTitleSocialCallback', INTEGRATOR_ATTESTATION: 'authTitleAttestation',
  DEVICE_APPROVAL: 'authTitleDeviceApproval',
};

/** The message of an AuthError, with its retry time or lock end when the error names one. */
export function authErrorText(error) {
  let text = t(`authError${error.type}`);
  if (error.type === 'RATE_LIMITED' && error.value?.retryAfter !== undefined) {
    text += ` ${tf('authRetryAfter', { seconds: error.value.retryAfter })}`;
  }
  if (error.type === 'LOCKED' && error.value?.until !== undefined) {
    text += ` ${tf('authLockedUntil', { time: new Date(Number(error.value.until) * 1000).toLocaleString() })}`;
  }
  if (error.type === 'UNKNOWN' && error.value?.message) text += ` (${error.value.message})`;
  return text;
}

const answer = (type, value) => ({ type: 'ANSWER', value: { value: { type, value } } });

export async function open(container, context) {
  const store = await context.mount('auth.mount');
  const passkeys = typeof window.PublicKeyCredential === 'function';
  let model = null;
  let email = '';
  let localError = null; // {field, text}: a refusal of dispatch (-32602) shown at its input
  let lastErrorKey = '';
  let socialWindow = null;

  async function send(action, inputId = null) {
    localError = null;
    try {
      await store.dispatch(action);
    } catch (error) {
      const reason = typeof error.data === 'string' ? error.data : error.message;
      localError = { field: inputId, text: tf('authInvalidInput', { reason }) };
      draw();
    }
  }

  // A provider's redirect lands on this page in the popup, which hands code and state to the opener.
  const query = new URLSearchParams(location.search);
  if (window.opener && query.get('code') && query.get('state')) {
    try {
      window.opener.postMessage({ folioSocial: { code: query.get('code'), state: query.get('state') } }, location.origin);
      window.close();
    } catch {
      // no opener of this origin: the code can still be pasted
    }
  }
  function onMessage(event) {
    if (event.origin !== location.origin || !event.data?.folioSocial) return;
    const { code, state } = event.data.folioSocial;
    send(answer('SOCIAL_CALLBACK', { code, state }));
  }
  window.addEventListener('message', onMessage);

  const cancelButton = () => h('button', {
    type: 'button', id: 'auth-cancel', onclick: () => send({ type: 'CANCEL' }),
  }, t('authCancel'));

  function regionChoice() {
    if (!model.dataRegions?.length) return null;
    return h('fieldset', { id: 'auth-region', class: 'field group' },
      h('legend', {}, t('authRegion')),
      model.dataRegions.map((option) => h('label', { class: 'choice' },
        h('input', {
          type: 'radio', name: 'auth-region', id: `auth-region-${option.region.type.toLowerCase()}`,
          value: option.region.type, 'data-region': option.region.type, checked: option.selected,
          onchange: () => send({ type: 'SELECT_DATA_REGION', value: { region: option.region } }),
        }), ' ', option.title)));
  }

  /** A form with one input that answers the phase. */
  function answerForm({ id, label, type = 'text', autocomplete, inputmode, maxlength, hint, errorText, make }) {
    const input = h('input', {
      type, name: id, autocomplete, inputmode, maxlength, required: true, autocapitalize: 'off', spellcheck: 'false',
    });
    return h('form', {
      id: `${id}-form`, novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        // The live input: a re-render updates the page in place, so the one built here may not be it.
        const live = event.currentTarget.querySelector(`#${id}`);
        if (!live.value) {
          live.focus();
          return;
        }
        send(make(live.value), id);
      },
    },
    type === 'password'
      ? h('input', { type: 'text', name: 'username', autocomplete: 'username', value: email, hidden: true, tabindex: '-1' })
      : null,
    field({ id, label, control: input, hint, error: errorText, required: true }),
    h('button', { type: 'submit', id: 'auth-submit', class: 'primary' }, t('authContinue')));
  }

  function idleView() {
    const input = h('input', {
      type: 'email', name: 'email', autocomplete: 'username email', required: true,
      oninput: (event) => { email = event.target.value; },
    });
    input.value = email;
    const identifier = () => ({ type: 'EMAIL', value: { value: email.trim() } });
    return [
      h('form', {
        id: 'auth-start-form', novalidate: true,
        onsubmit: (event) => {
          event.preventDefault();
          if (!email.trim()) {
            event.currentTarget.querySelector('#auth-email').focus();
            return;
          }
          send({ type: 'START', value: { value: { type: 'SIGN_IN', value: { value: {
            type: 'WITH_IDENTIFIER', value: { identifier: identifier() } } } } } }, 'auth-email');
        },
      },
      field({ id: 'auth-email', label: t('authEmail'), control: input, required: true,
        error: localError?.field === 'auth-email' ? localError.text : null }),
      h('button', { type: 'submit', id: 'auth-submit', class: 'primary' }, t('authContinue'))),
      h('div', { class: 'actions' },
        h('button', {
          type: 'button', id: 'auth-anonymous',
          onclick: () => send({ type: 'START', value: { value: { type: 'SIGN_IN', value: { value: { type: 'ANONYMOUS' } } } } }),
        }, t('authAnonymous')),
        h('button', {
          type: 'button', id: 'auth-recover',
          onclick: () => send({ type: 'START', value: { value: email.trim()
            ? { type: 'RECOVERY', value: { identifier: identifier() } } : { type: 'RECOVERY', value: {} } } }, 'auth-email'),
        }, t('authRecover')),
        h('button', {
          type: 'button', id: 'auth-verify',
          onclick: () => send({ type: 'START', value: { value: { type: 'VERIFICATION', value: { value: {} } } } }),
        }, t('authVerify'))),
      regionChoice(),
    ];
  }

  function phaseView(phase, errorAt) {
    const value = phase.value ?? {};
    switch (phase.type) {
      case 'PASSWORD':
        return answerForm({ id: 'auth-password', label: t('authPassword'), type: 'password',
          autocomplete: 'current-password', errorText: errorAt('auth-password'),
          make: (text) => answer('PASSWORD', { value: text }) });
      case 'OTP':
        return [
          answerForm({ id: 'auth-otp', label: t('authCode'), inputmode: 'numeric', autocomplete: 'one-time-code',
            maxlength: value.length,
            hint: `${tf('authCodeSent', { destination: value.destination, channel: t(`authChannel${value.channel?.type}`) })} `
              + tf('authCodeDigits', { length: value.length }),
            errorText: errorAt('auth-otp'),
            make: (text) => answer('OTP', { value: text.replace(/\s+/g, '') }) }),
          value.canResend
            ? h('button', { type: 'button', id: 'auth-resend', onclick: () => send({ type: 'RESEND_OTP' }) }, t('authResend'))
            : null,
        ];
      case 'TOTP':
        return answerForm({ id: 'auth-totp', label: t('authTotp'), inputmode: 'numeric', autocomplete: 'one-time-code',
          maxlength: 8, errorText: errorAt('auth-totp'),
          make: (text) => answer('TOTP', { value: text.replace(/\s+/g, '') }) });
      case 'RECOVERY_CODE':
        return answerForm({ id: 'auth-recovery-code', label: t('authRecoveryCode'), autocomplete: 'off',
          errorText: errorAt('auth-recovery-code'), make: (text) => answer('RECOVERY_CODE', { value: text.trim() }) });
      case 'NEW_PASSWORD':
        return [
          regionChoice(),
          answerForm({ id: 'auth-new-password', label: t('authNewPassword'), type: 'password',
            autocomplete: 'new-password', errorText: errorAt('auth-new-password'),
            make: (text) => answer('NEW_PASSWORD', { value: text }) }),
        ];
      case 'SOCIAL_REDIRECT': {
        const provider = value.provider?.type ?? '';
        const name = provider.charAt(0) + provider.slice(1).toLowerCase();
        return h('button', {
          type: 'button', id: 'auth-social', class: 'primary', 'data-provider': provider,
          onclick: async () => {
            // The provider returns to this page (in the popup), which posts code and state back here.
            socialWindow = window.open(value.authorizationUrl, 'folio-social');
            await send(answer('SOCIAL_REDIRECT', {
              provider: value.provider, redirectUri: `${location.origin}${location.pathname}?screen=auth`,
            }));
          },
        }, tf('authProviderContinue', { provider: name }));
      }
      case 'SOCIAL_CALLBACK': {
        const code = h('input', { type: 'text', autocomplete: 'off' });
        const state = h('input', { type: 'text', autocomplete: 'off' });
        return h('form', {
          id: 'auth-social-form', novalidate: true,
          onsubmit: (event) => {
            event.preventDefault();
            const form = event.currentTarget;
            send(answer('SOCIAL_CALLBACK', { code: form.querySelector('#auth-social-code').value.trim(),
              state: form.querySelector('#auth-social-state').value.trim() }), 'auth-social-code');
          },
        },
        field({ id: 'auth-social-code', label: t('authSocialCode'), control: code, error: errorAt('auth-social-code') }),
        field({ id: 'auth-social-state', label: t('authSocialState'), control: state }),
        h('button', { type: 'submit', id: 'auth-submit', class: 'primary' }, t('authContinue')));
      }
      case 'INTEGRATOR_ATTESTATION':
        return answerForm({ id: 'auth-attestation', label: t('authAttestation'), autocomplete: 'off',
          hint: tf('authAttestationHint', { nonce: value.nonce }), errorText: errorAt('auth-attestation'),
          make: (text) => answer('INTEGRATOR_ATTESTATION', { value: text.trim() }) });
      case 'DEVICE_APPROVAL': {
        const ack = h('input', { type: 'text', autocomplete: 'off', spellcheck: 'false' });
        const platform = value.freshDevicePlatform ?? {};
        return [
          h('p', {}, t('authDeviceIntro')),
          h('dl', { id: 'auth-device' },
            h('dt', {}, t('authDeviceFingerprint')),
            h('dd', { 'data-fingerprint': value.freshDeviceFingerprint },
              [platform.model, platform.os, platform.osVersion].filter(Boolean).join(' · '),
              ` (${value.freshDeviceFingerprint})`)),
          h('p', {}, tf('authDeviceExpires', { seconds: value.expiresInSeconds })),
          h('p', { class: 'banner info' }, t('authDeviceNative')),
          h('form', {
            id: 'auth-device-form', novalidate: true,
            onsubmit: (event) => {
              event.preventDefault();
              const transferAck = event.currentTarget.querySelector('#auth-transfer-ack').value.trim();
              if (!transferAck) return;
              send({ type: 'COMPLETE_DEVICE_LINK', value: { challengeId: value.challengeId, transferAck } },
                'auth-transfer-ack');
            },
          },
          field({ id: 'auth-transfer-ack', label: t('authTransferAck'), control: ack, error: errorAt('auth-transfer-ack') }),
          h('button', { type: 'submit', id: 'auth-submit' }, t('authDeviceSend'))),
        ];
      }
      default:
        return h('p', {}, phase.type);
    }
  }

  function alternativesView(alternatives) {
    const shown = alternatives.filter((method) => method.type !== 'PASSKEY' || passkeys);
    if (!shown.length) return null;
    return h('section', { id: 'auth-alternatives', 'aria-labelledby': 'auth-alternatives-title' },
      h('h3', { id: 'auth-alternatives-title' }, t('authOtherMethods')),
      h('div', { class: 'actions' }, shown.map((method) => h('button', {
        type: 'button', id: `auth-alt-${method.type.toLowerCase().replace(/_/g, '-')}`, 'data-method': method.type,
        onclick: () => send({ type: 'SELECT_ALTERNATIVE', value: { method } }),
      }, t(`authMethod${method.type}`)))));
  }

  async function runPasskey(request) {
    const options = structuredClone(request.publicKey);
    options.challenge = fromBase64Url(options.challenge);
    let outcome;
    try {
      let credential;
      if (options.user) {
        // Creation options (a new passkey): the same decoding, with the user's id.
        options.user.id = fromBase64Url(options.user.id);
        for (const excluded of options.excludeCredentials ?? []) excluded.id = fromBase64Url(excluded.id);
        credential = await navigator.credentials.create({ publicKey: options });
      } else {
        for (const allowed of options.allowCredentials ?? []) allowed.id = fromBase64Url(allowed.id);
        credential = await navigator.credentials.get({ publicKey: options });
      }
      const response = credential.response;
      const assertion = {
        credentialId: credential.id,
        clientDataJSON: toBase64Url(response.clientDataJSON),
        authenticatorData: toBase64Url(response.authenticatorData ?? response.getAuthenticatorData?.() ?? new ArrayBuffer(0)),
        signature: toBase64Url(response.signature ?? new ArrayBuffer(0)),
      };
      if (response.userHandle) assertion.userHandle = toBase64Url(response.userHandle);
      outcome = { type: 'ASSERTION', value: assertion };
    } catch (error) {
      outcome = error?.name === 'NotAllowedError'
        ? { type: 'CANCELLED' }
        : { type: 'FAILED', value: { name: String(error?.name ?? 'Error').slice(0, 256),
          message: String(error?.message ?? '').slice(0, 1024) } };
    }
    await send(answer('PASSKEY', { requestId: request.requestId, outcome }));
  }

  function heading(key) {
    return h('h2', { id: 'auth-title', tabindex: '-1', 'data-heading': true }, t(key));
  }

  function draw() {
    if (!model) return;
    const flow = model.flow;
    const value = flow.value ?? {};
    let phaseType = flow.type;
    let body;
    let key = flow.type;
    let error = null;
    let title;
    if (flow.type === 'IDLE') {
      title = 'authTitleIdle';
      body = idleView();
    } else if (flow.type === 'BUSY' && value.passkeyRequest) {
      phaseType = 'PASSKEY';
      key = `PASSKEY:${value.passkeyRequest.requestId}`;
      title = 'authTitlePasskey';
      error = value.error ?? null;
      body = [
        passkeys
          ? h('button', { type: 'button', id: 'auth-passkey', class: 'primary',
            onclick: () => runPasskey(value.passkeyRequest) }, t('authPasskeyOpen'))
          : h('p', {}, t('authPasskeyMissing')),
        cancelButton(),
      ];
    } else if (flow.type === 'BUSY') {
      // Busy without a dialog: the step shown stays, its controls wait (no new screen, no focus jump).
      container.setAttribute('aria-busy', 'true');
      lastErrorKey = '';
      for (const control of container.querySelectorAll('input, button:not(#auth-cancel)')) control.disabled = true;
      const section = container.querySelector('#auth-screen');
      if (section) section.dataset.busy = 'true';
      if (!section) {
        render(container, h('section', { id: 'auth-screen', 'data-flow': 'BUSY', 'data-phase': 'BUSY' },
          heading('authTitleBusy'), h('p', { role: 'status' }, t('loading')), cancelButton()), { key: 'BUSY' });
      }
      return;
    } else if (flow.type === 'AWAITING_INPUT') {
      phaseType = value.phase.type;
      key = `INPUT:${phaseType}`;
      title = titleOfPhase[phaseType] ?? 'authTitleIdle';
      error = value.error ?? null;
    } else if (flow.type === 'AWAITING_RECOVERY_CODE_ACK') {
      title = 'authTitleRecoveryAck';
      const status = h('p', { id: 'auth-recovery-status', role: 'status' });
      body = [
        h('p', {}, t('authRecoveryIntro')),
        h('p', {}, h('code', { id: 'auth-recovery-code-value', class: 'recovery-code' }, value.code)),
        h('div', { class: 'actions' },
          h('button', {
            type: 'button', id: 'auth-recovery-copy',
            onclick: async () => {
              try {
                await navigator.clipboard.writeText(value.code);
                container.querySelector('#auth-recovery-status').textContent = t('authRecoveryCopied');
              } catch {
                // the code is on the screen to write down
              }
            },
          }, t('authRecoveryCopy')),
          h('button', {
            type: 'button', id: 'auth-ack', class: 'primary', onclick: () => send({ type: 'ACKNOWLEDGE_RECOVERY_CODE' }),
          }, t('authRecoverySaved'))),
        status,
      ];
    } else if (flow.type === 'AUTHENTICATED') {
      title = 'authTitleAuthenticated';
      if (socialWindow && !socialWindow.closed) socialWindow.close();
      body = [
        h('p', { id: 'auth-done' }, t('authDoneText')),
        h('div', { class: 'actions' },
          h('button', { type: 'button', id: 'auth-to-session', class: 'primary', onclick: () => context.openScreen('session') },
            t('authToSession')),
          h('button', { type: 'button', id: 'auth-restart', onclick: () => send({ type: 'CANCEL' }) }, t('authStartAgain'))),
      ];
    } else if (flow.type === 'FAILED') {
      title = 'authTitleFailed';
      key = `FAILED:${value.error?.type}`;
      body = [
        banner('auth-failure', authErrorText(value.error)),
        h('button', { type: 'button', id: 'auth-restart', class: 'primary', onclick: () => send({ type: 'CANCEL' }) },
          t('authStartAgain')),
      ];
    }

    const errorField = error && flow.type === 'AWAITING_INPUT' ? fieldOfError[error.type]?.[phaseType] ?? null : null;
    const errorAt = (inputId) => {
      if (errorField === inputId) return authErrorText(error);
      if (localError && localError.field === inputId) return localError.text;
      return null;
    };
    if (flow.type === 'AWAITING_INPUT') {
      body = [phaseView(value.phase, errorAt), alternativesView(value.alternatives ?? []), cancelButton()];
    }
    const bannerText = error && !errorField ? authErrorText(error)
      : (localError && !localError.field ? localError.text : null);

    container.removeAttribute('aria-busy');
    const view = h('section', {
      id: 'auth-screen', 'data-flow': flow.type, 'data-phase': phaseType,
      'data-error': error?.type ?? (flow.type === 'FAILED' ? value.error?.type : null),
      'aria-labelledby': 'auth-title',
    },
    heading(title),
    bannerText ? banner('auth-banner', bannerText) : null,
    body);
    const errorKey = error ? `${key}:${error.type}:${model.flow.value?.passkeyRequest?.requestId ?? ''}` : '';
    const newError = errorKey && errorKey !== lastErrorKey;
    lastErrorKey = errorKey;
    const newStep = render(container, view, {
      key,
      onNewStep: (text) => { if (!newError) context.announce(text); },
    });
    if (newError || (localError && !newStep)) {
      const target = (errorField && container.querySelector(`#${errorField}`))
        || (localError?.field && container.querySelector(`#${localError.field}`));
      if (target) {
        target.focus();
        target.select?.();
      }
      context.announce(errorField ? authErrorText(error) : (bannerText ?? (error ? authErrorText(error) : '')));
    }
  }

  const unsubscribe = store.subscribe((next) => {
    model = next;
    draw();
  });
  const close = () => {
    unsubscribe();
    window.removeEventListener('message', onMessage);
    return store.close();
  };
  // The data region titles follow runtime.setLocale in the next model; the page's labels are drawn again now.
  close.setLocale = () => draw();
  return close;
}
