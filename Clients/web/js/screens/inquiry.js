// InquiryStore: one identity verification (docs/inquiry-store.md). The page draws the stage the model holds
// (screens of elements and fields, verification steps, the handoff, the end) and sends one ACT per interaction.

import { h } from '../dom.js';
import { addLabels, setLocale, labelIn } from '../i18n.js';
import { render, field, group, banner, sentEdit } from '../view.js';
import { toBase64 } from '../bytes.js';

addLabels({
  en: {
    inqEntryTitle: 'Start a verification', inqEntryCode: 'Launch code or handoff code',
    inqEntryHint: 'Paste the code from the link you received.', inqStart: 'Start',
    inqJoin: 'Continue from another device', inqResume: 'Resume on this device',
    inqClosed: 'The verification was closed.', inqRetry: 'Try again', inqClose: 'Close', inqComplete: 'Finish',
    inqAttempt: 'Attempt {used} of {max}', inqSide: 'Side: {side}', inqSideFRONT: 'front', inqSideBACK: 'back',
    inqSideBARCODE: 'barcode', inqPhoto: 'Photo of the document', inqPhotoTake: 'Take or choose a photo',
    inqChosen: 'File: {name} ({size})', inqCameraMissing: 'The camera cannot be used on this page; choose a photo instead.',
    inqNfcNative: 'Reading the chip of your document needs the Folio app on a phone with NFC. This browser cannot '
      + 'read it. Continue on your phone, or use the app.',
    inqNfcFiles: 'Chip files needed: {files}. Received: {received}.',
    inqSelfieNative: 'The live selfie check needs the Folio app on a phone. This browser cannot run it. '
      + 'Continue on your phone with the code or QR code.',
    inqSelfiePhoto: 'Selfie photo', inqHandoffAction: 'Continue on another device',
    inqHandoffTitle: 'Continue on another device',
    inqHandoffText: 'Scan this QR code with your phone, or enter the code there.', inqHandoffQr: 'QR code to continue on another device',
    inqHandoffCode: 'Code', inqHandoffExpires: 'Valid until {time}.', inqHandoffOpen: 'Open the link',
    inqContinueHere: 'Continue on this device', inqCodeHint: '{length} digits. You can try {limit} codes; a code is valid for {ttl} seconds.',
    inqOutcomeCOMPLETED: 'Verification complete', inqOutcomeAPPROVED: 'Verification approved',
    inqOutcomeDECLINED: 'Verification declined', inqOutcomeNEEDS_REVIEW: 'Verification under review',
    inqOutcomeCANCELED: 'Verification cancelled', inqOutcomeEXPIRED: 'Verification expired',
    inqOutcomeFAILED: 'Verification failed', inqIdentity: 'Verified identity',
    inqName: 'Name', inqDocument: 'Document', inqNumber: 'Number', inqBirthdate: 'Date of birth',
    inqExpiry: 'Valid until', inqLanguage: 'Language', inqError: 'Something went wrong', inqSending: 'Sending…',
    inqLinkRefused: 'The link could not be opened.', inqCode: 'Code',
    inqDocTypePASSPORT: 'Passport', inqDocTypeDRIVING_LICENSE: 'Driving licence',
    inqDocTypeNATIONAL_IDENTITY_CARD: 'ID card', inqDocTypeRESIDENCE_PERMIT: 'Residence permit',
    inqAddressLINE1: 'Street and number', inqAddressLINE2: 'Address line 2', inqAddressCITY: 'City',
    inqAddressREGION: 'Region', inqAddressPOSTAL_CODE: 'Postal code', inqAddressCOUNTRY: 'Country',
  },
  de: {
    inqEntryTitle: 'Verifizierung starten', inqEntryCode: 'Startcode oder Übergabecode',
    inqEntryHint: 'Füge den Code aus dem erhaltenen Link ein.', inqStart: 'Starten',
    inqJoin: 'Von einem anderen Gerät fortsetzen', inqResume: 'Auf diesem Gerät fortsetzen',
    inqClosed: 'Die Verifizierung wurde geschlossen.', inqRetry: 'Erneut versuchen', inqClose: 'Schließen',
    inqComplete: 'Abschließen', inqAttempt: 'Versuch {used} von {max}', inqSide: 'Seite: {side}',
    inqSideFRONT: 'Vorderseite', inqSideBACK: 'Rückseite', inqSideBARCODE: 'Barcode',
    inqPhoto: 'Foto des Dokuments', inqPhotoTake: 'Foto aufnehmen oder auswählen', inqChosen: 'Datei: {name} ({size})',
    inqCameraMissing: 'Die Kamera kann auf dieser Seite nicht verwendet werden; wähle stattdessen ein Foto.',
    inqNfcNative: 'Um den Chip deines Dokuments zu lesen, brauchst du die Folio-App auf einem Handy mit NFC. '
      + 'Dieser Browser kann ihn nicht lesen. Fahre auf deinem Handy fort oder nutze die App.',
    inqNfcFiles: 'Benötigte Chip-Dateien: {files}. Erhalten: {received}.',
    inqSelfieNative: 'Die Live-Selfie-Prüfung braucht die Folio-App auf einem Handy. Dieser Browser kann sie nicht '
      + 'ausführen. Fahre mit dem Code oder QR-Code auf deinem Handy fort.',
    inqSelfiePhoto: 'Selfie-Foto', inqHandoffAction: 'Auf einem anderen Gerät fortfahren',
    inqHandoffTitle: 'Auf einem anderen Gerät fortfahren',
    inqHandoffText: 'Scanne diesen QR-Code mit deinem Handy oder gib dort den Code ein.',
    inqHandoffQr: 'QR-Code zum Fortfahren auf einem anderen Gerät', inqHandoffCode: 'Code',
    inqHandoffExpires: 'Gültig bis {time}.', inqHandoffOpen: 'Link öffnen', inqContinueHere: 'Auf diesem Gerät fortfahren',
    inqCodeHint: '{length} Ziffern. Du kannst {limit} Codes versuchen; ein Code gilt {ttl} Sekunden.',
    inqOutcomeCOMPLETED: 'Verifizierung abgeschlossen', inqOutcomeAPPROVED: 'Verifizierung bestätigt',
    inqOutcomeDECLINED: 'Verifizierung abgelehnt', inqOutcomeNEEDS_REVIEW: 'Verifizierung wird geprüft',
    inqOutcomeCANCELED: 'Verifizierung abgebrochen', inqOutcomeEXPIRED: 'Verifizierung abgelaufen',
    inqOutcomeFAILED: 'Verifizierung fehlgeschlagen', inqIdentity: 'Bestätigte Identität',
    inqName: 'Name', inqDocument: 'Dokument', inqNumber: 'Nummer', inqBirthdate: 'Geburtsdatum',
    inqExpiry: 'Gültig bis', inqLanguage: 'Sprache', inqError: 'Etwas ist schiefgelaufen', inqSending: 'Wird gesendet…',
    inqLinkRefused: 'Der Link konnte nicht geöffnet werden.', inqCode: 'Code',
    inqDocTypePASSPORT: 'Reisepass', inqDocTypeDRIVING_LICENSE: 'Führerschein',
    inqDocTypeNATIONAL_IDENTITY_CARD: 'Personalausweis', inqDocTypeRESIDENCE_PERMIT: 'Aufenthaltstitel',
    inqAddressLINE1: 'Straße und Hausnummer', inqAddressLINE2: 'Adresszusatz', inqAddressCITY: 'Ort',
    inqAddressREGION: 'Region', inqAddressPOSTAL_CODE: 'Postleitzahl', inqAddressCOUNTRY: 'Land',
  },
});

let inquiryLocale = null;

/** The page's label in the inquiry's language (the one its texts from Folio are in), else the SDK locale's. */
function t(key) {
  return labelIn(inquiryLocale ?? undefined, key);
}

function tf(key, values = {}) {
  return t(key).replace(/\{(\w+)\}/g, (match, name) => (name in values ? String(values[name]) : match));
}

function formatSize(bytes) {
  if (bytes >= 1048576) return `${(bytes / 1048576).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} B`;
}

/** The DOM id of a field of the model (stable: tests rely on `#inquiry-field-<field id>`). */
const domId = (id) => `inquiry-field-${id}`;

export async function open(container, context) {
  let timeZone;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  const store = await context.mount('inquiry.mount', timeZone ? { timeZone } : {});
  let model = null;
  let chain = Promise.resolve();
  let localError = null;
  let lastErrorKey = '';
  let autoOpened = false;
  let leaving = false; // the Terminal stage was left once (Close, or LinkRefused)
  let capture = null; // {key, host, stop}
  let entryCode = '';

  const query = new URLSearchParams(location.search);
  const given = {
    code: context.options?.code ?? query.get('code'),
    handoff: context.options?.handoff ?? query.get('handoff'),
  };
  if (given.code) entryCode = given.code;
  if (given.handoff) entryCode = given.handoff;

  /** Sends actions in order (an EDIT typed before a SUBMIT reaches the store first). */
  function send(action) {
    chain = chain.then(() => store.dispatch(action)).then(() => {
      if (localError) {
        localError = null;
        draw();
      }
    }, (error) => {
      localError = typeof error.data === 'string' ? `${error.message}: ${error.data}` : error.message;
      draw();
    });
    return chain;
  }
  const act = (intent) => send({ type: 'ACT', value: intent });
  const edit = (key, value) => act({ type: 'EDIT', value: { key, value } });
  const text = (key, value) => edit(key, { type: 'TEXT', value: { text: value } });
  /** The text of `event`'s input as typed, sent under `key`; the store answers with the text it shaped. */
  const typed = (key) => (event) => {
    const input = event.currentTarget;
    if (event.type === 'change' && input.value === input.folioSent) return; // sent as it was typed
    sentEdit(input, input.value, text(key, input.value), { store, whenSettled: draw });
  };
  const selection = (key, value) => edit(key, { type: 'SELECTION', value: { value } });

  function openEntry(kind) {
    const code = entryCode.trim();
    if (!code && kind !== 'SAME_DEVICE') {
      container.querySelector('#inquiry-code')?.focus();
      return;
    }
    let entry;
    if (kind === 'START') entry = { type: 'START', value: { launchCode: code } };
    else if (kind === 'ANOTHER_DEVICE') entry = { type: 'RESUME', value: { source: { type: 'ANOTHER_DEVICE', value: { code } } } };
    else entry = { type: 'RESUME', value: { source: { type: 'SAME_DEVICE', value: {} } } };
    send({ type: 'OPEN', value: { entry } });
  }

  /** The address a browser can open for a link's url (http or https), else null: the page refuses it. */
  function openable(url) {
    try {
      const parsed = new URL(url);
      return ['http:', 'https:'].includes(parsed.protocol) ? parsed.href : null;
    } catch {
      return null;
    }
  }

  function openLink(target) {
    const url = target?.value?.url;
    if (!url) return;
    let opened = false;
    const address = openable(url);
    if (address) {
      try {
        window.open(address, '_blank', 'noopener');
        // With noopener the call answers null even when the tab opened; only an exception means refused.
        opened = true;
      } catch {
        opened = false;
      }
    }
    if (!opened) act({ type: 'LINK_REFUSED', value: { url } });
  }

  /**
   * The end (spec "redirect of Terminal"), once the request that completed the inquiry is done (loading false):
   * without a redirect, Close at once; with one the page can open, Close and then go there in this tab (Close
   * first: leaving the page would cut its request off); one it cannot open, LinkRefused, and the store's banner
   * then has the close control.
   */
  function leaveTerminal(redirect) {
    if (!redirect) {
      send({ type: 'CLOSE' });
      return;
    }
    const url = redirect.value?.url;
    const address = openable(url);
    if (!address) {
      act({ type: 'LINK_REFUSED', value: { url } });
      return;
    }
    send({ type: 'CLOSE' }).then(() => location.assign(address));
  }

  async function readFile(file) {
    return toBase64(await file.arrayBuffer());
  }

  async function upload(fieldKey, file) {
    let bytes;
    try {
      bytes = await readFile(file);
    } catch {
      act({ type: 'FILE_UNREADABLE', value: { field: fieldKey } });
      return;
    }
    act({ type: 'UPLOAD', value: { field: fieldKey, fileName: file.name || 'photo.jpg',
      mimeType: file.type || 'application/octet-stream', bytes } });
  }

  // ---- elements of a screen

  function button(view, { loading }) {
    const intent = view.intent;
    return h('button', {
      type: 'button', id: `inquiry-button-${view.id}`, 'data-intent': intent.type,
      class: view.style === 'PRIMARY' ? 'primary' : (view.style === 'LINK' ? 'link' : null),
      disabled: !view.enabled || (loading && intent.type !== 'EDIT'),
      onclick: () => {
        if (intent.type === 'OPEN_LINK') openLink(intent.value?.target);
        else if (intent.type === 'CAPTURE') container.querySelector(`#${domId(intent.value.field)}`)?.click();
        else act(intent);
      },
    }, view.label);
  }

  function image(view) {
    const ref = view.image;
    const name = ref.type === 'PRESET' ? ref.value.preset : ref.value.assetId;
    return h('div', {
      class: `image scale-${view.scale}`, role: view.alt ? 'img' : null, 'aria-label': view.alt ?? null,
      'aria-hidden': view.alt ? null : 'true', 'data-image': name,
    });
  }

  function textElement(view, state) {
    if (view.style === 'TITLE') {
      const first = !state.heading;
      state.heading = true;
      return h(first ? 'h2' : 'h3', {
        id: first ? 'inquiry-title' : `inquiry-text-${view.id}`, tabindex: first ? '-1' : null,
        'data-heading': first ? true : null, class: `text color-${view.color}`,
      }, view.text);
    }
    return h('p', { id: `inquiry-text-${view.id}`, class: `text style-${view.style} color-${view.color}` }, view.text);
  }

  function languageSelector(view) {
    return h('div', { class: 'field' },
      h('label', { for: 'inquiry-language' }, t('inqLanguage')),
      h('select', {
        id: 'inquiry-language',
        onchange: (event) => {
          setLocale(event.target.value);
          act({ type: 'SET_LOCALE', value: { locale: event.target.value } });
        },
      }, view.languages.map((language) => h('option', {
        value: language.code, selected: language.code === view.currentLocale, lang: language.code,
      }, language.nativeName))));
  }

  /** A phone number: the dial code and the national number, edited under their own keys. */
  function phoneInput({ id, label, input, countryOptions, showSelector = true, error, required, readOnly }) {
    const country = h('select', {
      id: `${id}-country`, disabled: readOnly, 'aria-label': label,
      onchange: (event) => selection(input.country.field, event.target.value),
    },
    input.country.selected ? null : h('option', { value: '' }, '—'),
    countryOptions.map((option) => h('option', {
      value: option.country, selected: option.country === input.country.selected?.country,
    }, option.label ?? `${option.flag ?? ''} ${option.name} ${option.dialCode}`)));
    const national = h('input', {
      type: 'tel', autocomplete: 'tel-national', inputmode: 'tel', readonly: readOnly,
      oninput: typed(input.national.field), onchange: typed(input.national.field),
    });
    national.value = input.national.text ?? '';
    const errorId = error ? `${id}-error` : null;
    if (error) national.setAttribute('aria-invalid', 'true');
    if (errorId) national.setAttribute('aria-describedby', errorId);
    if (required) national.setAttribute('aria-required', 'true');
    national.id = id;
    return h('div', { class: 'field phone', 'data-field': id },
      h('label', { for: id }, label),
      h('div', { class: 'phone-row' }, showSelector ? country : null, national),
      error ? h('p', { id: errorId, class: 'error', 'data-error-for': id }, error) : null);
  }

  function fieldElement(fieldView) {
    const kind = fieldView.type;
    const f = fieldView.value;
    const id = domId(f.id);
    const c = f.constraints ?? {};
    const common = { id, label: f.label, error: f.error ?? null, required: f.required };
    const wrap = (element) => {
      element.dataset.kind = kind;
      element.dataset.key = f.key;
      return element;
    };
    // The typed text goes to the store as it is (input while typing; change too, for a value set without
    // typing: a cleared field, autofill); the store shapes it (a mask, a date) and the model shows the result.
    const textInput = (attributes) => {
      const input = h('input', {
        readonly: f.readOnly, placeholder: f.placeholder, ...attributes,
        oninput: typed(f.key), onchange: typed(f.key),
      });
      input.value = typeof f.value === 'string' ? f.value : '';
      return input;
    };
    switch (kind) {
      case 'TEXT':
        return wrap(field({ ...common, control: textInput({ type: 'text', maxlength: c.maxLength, minlength: c.minLength }) }));
      case 'URL':
        return wrap(field({ ...common, control: textInput({ type: 'url', maxlength: c.maxLength, autocomplete: 'url' }) }));
      case 'NUMBER':
        return wrap(field({ ...common, control: textInput({ type: 'text', inputmode: c.decimals ? 'decimal' : 'numeric' }),
        hint: c.min !== undefined || c.max !== undefined ? [c.min, c.max].map((v) => v ?? '…').join(' – ') : null }));
      case 'TEXT_AREA': {
        const area = h('textarea', { rows: c.rows ?? 4, maxlength: c.maxLength, readonly: f.readOnly,
          placeholder: f.placeholder, oninput: typed(f.key), onchange: typed(f.key) });
        area.value = typeof f.value === 'string' ? f.value : '';
        return wrap(field({ ...common, control: area }));
      }
      case 'MASKED':
        return wrap(field({ ...common, hint: c.mask?.placeholder && c.mask.placeholder !== f.placeholder ? c.mask.placeholder : null,
          control: textInput({ type: 'text', inputmode: /^[#\W]*$/.test(c.mask.pattern) ? 'numeric' : null,
            maxlength: c.mask.maxLength, placeholder: f.placeholder ?? c.mask.placeholder }) }));
      case 'DATE':
        if (c.includeTime) {
          const input = h('input', { type: 'datetime-local', readonly: f.readOnly, min: c.min ? `${c.min}T00:00` : null,
            max: c.max ? `${c.max}T23:59` : null,
            onchange: (event) => edit(f.key, { type: 'DATE', value: { value: event.target.value } }) });
          input.value = typeof f.value === 'string' ? f.value : '';
          return wrap(field({ ...common, control: input, hint: c.timeZone ?? null }));
        }
        return wrap(field({ ...common, hint: c.mask.format,
          control: textInput({ type: 'text', inputmode: 'numeric', maxlength: c.mask.maxLength,
            placeholder: f.placeholder ?? c.mask.placeholder, autocomplete: f.key.includes('birth') ? 'bday' : 'off' }) }));
      case 'PHONE':
        return wrap(phoneInput({ id, label: f.label, input: f.input, countryOptions: c.countryOptions ?? [],
          showSelector: c.showCountryCodeSelector !== false, error: f.error, required: f.required, readOnly: f.readOnly }));
      case 'COUNTRY':
      case 'SELECT': {
        const select = h('select', {
          disabled: f.readOnly, autocomplete: kind === 'COUNTRY' ? 'country' : null,
          onchange: (event) => selection(f.key, event.target.value),
        },
        h('option', { value: '', disabled: true, selected: !f.value }, f.placeholder ?? '—'),
        f.options.map((option) => h('option', { value: option.value, selected: option.value === f.value }, option.label)));
        return wrap(field({ ...common, control: select }));
      }
      case 'RADIO':
        return wrap(group({ id, label: f.label, error: f.error,
          children: f.options.map((option, index) => h('label', { class: 'choice' },
            h('input', { type: 'radio', name: id, id: `${id}-${index}`, value: option.value, disabled: f.readOnly,
              checked: option.value === f.value, onchange: () => selection(f.key, option.value) }),
            ' ', option.label)) }));
      case 'MULTI_SELECT':
      case 'CHECKBOX_GROUP': {
        const chosen = new Set(Array.isArray(f.value) ? f.value : []);
        return wrap(group({ id, label: f.label, error: f.error,
          children: f.options.map((option, index) => h('label', { class: 'choice' },
            h('input', {
              type: 'checkbox', name: id, id: `${id}-${index}`, value: option.value, disabled: f.readOnly,
              checked: chosen.has(option.value),
              onchange: (event) => {
                const values = f.options.map((o) => o.value).filter((value) => (value === option.value
                  ? event.target.checked : chosen.has(value)));
                edit(f.key, { type: 'SELECTIONS', value: { values } });
              },
            }), ' ', option.label)) }));
      }
      case 'CHECKBOX': {
        const box = h('input', { type: 'checkbox', id, checked: f.value === true, disabled: f.readOnly,
          'aria-invalid': f.error ? 'true' : null, 'aria-describedby': f.error ? `${id}-error` : null,
          onchange: (event) => edit(f.key, { type: 'TOGGLE', value: { checked: event.target.checked } }) });
        return wrap(h('div', { class: 'field checkbox', 'data-field': id },
          f.label && f.label !== f.text ? h('span', { class: 'field-label' }, f.label) : null,
          h('label', { class: 'choice', for: id }, box, ' ', f.text ?? f.label),
          f.error ? h('p', { id: `${id}-error`, class: 'error', 'data-error-for': id }, f.error) : null));
      }
      case 'ADDRESS': {
        const parts = new Map((Array.isArray(f.value) ? f.value : []).map((part) => [part.part, part.value]));
        const names = c.parts ?? ['LINE1', 'LINE2', 'CITY', 'REGION', 'POSTAL_CODE', 'COUNTRY'];
        const autocomplete = { LINE1: 'address-line1', LINE2: 'address-line2', CITY: 'address-level2',
          REGION: 'address-level1', POSTAL_CODE: 'postal-code', COUNTRY: 'country' };
        const inputs = names.map((part) => {
          const onPart = (event) => {
            const typedPart = event.currentTarget;
            const value = { parts: names
              .map((name) => ({ part: name, value: container.querySelector(`#${id}-${name.toLowerCase()}`)?.value ?? '' }))
              .filter((entry) => entry.value !== '') };
            sentEdit(typedPart, typedPart.value, edit(f.key, { type: 'ADDRESS', value }), { store, whenSettled: draw });
          };
          const input = h('input', { type: 'text', id: `${id}-${part.toLowerCase()}`, autocomplete: autocomplete[part],
            readonly: f.readOnly, 'data-part': part, oninput: onPart, onchange: onPart });
          input.value = parts.get(part) ?? '';
          return h('div', { class: 'field' }, h('label', { for: input.id }, t(`inqAddress${part}`)), input);
        });
        return wrap(group({ id, label: f.label, error: f.error, children: inputs }));
      }
      case 'FILE': {
        const input = h('input', {
          type: 'file', accept: (c.accept ?? []).join(',') || null, disabled: f.readOnly,
          capture: f.capture === 'CAMERA' ? 'environment' : null,
          onchange: (event) => { if (event.target.files[0]) upload(f.key, event.target.files[0]); },
        });
        const chosen = f.value ? tf('inqChosen', { name: f.value.fileName, size: formatSize(f.value.sizeBytes) }) : null;
        return wrap(field({ ...common, control: input, hint: chosen }));
      }
      default:
        return h('p', { 'data-kind': kind }, f.label ?? kind);
    }
  }

  function element(entry, state) {
    switch (entry.type) {
      case 'TEXT': return textElement(entry.value, state);
      case 'IMAGE': return image(entry.value);
      case 'BUTTON': return button(entry.value, state);
      case 'FIELD': return fieldElement(entry.value);
      case 'LANGUAGE_SELECTOR': return languageSelector(entry.value);
      default: return null;
    }
  }

  function screenView(screen, state) {
    const containers = screen.containers.map((box) => {
      const layout = box.layout.type;
      const elements = box.elements.map((entry) => element(entry, state));
      const node = h(layout === 'HEADER' ? 'header' : (layout === 'FOOTER' ? 'footer' : 'div'), {
        class: `container layout-${layout}`, 'data-container': box.id,
      }, layout === 'ACTION' ? h('div', { class: 'actions' }, elements) : elements);
      if (layout === 'CUSTOM') {
        // Through the CSSOM: the Content-Security-Policy (style-src 'self') refuses style attributes.
        const { gap, paddingTop, paddingBottom } = box.layout.value;
        Object.assign(node.style, { display: 'flex', flexDirection: 'column', gap: `${gap}px`,
          paddingTop: `${paddingTop}px`, paddingBottom: `${paddingBottom}px` });
      }
      return node;
    });
    const observer = screen.containers.some((box) => box.elements.some((entry) => entry.type === 'BUTTON'
      && entry.value.intent.type === 'CONTINUE_HERE'));
    return h('form', {
      id: 'inquiry-screen', 'data-step': screen.stepId, 'data-observer': observer ? 'true' : null, novalidate: true,
      onsubmit: (event) => {
        // Enter in a text field submits the step the way its primary SUBMIT button would.
        event.preventDefault();
        const primary = container.querySelector('#inquiry-screen button.primary[data-intent="SUBMIT"]:not(:disabled)');
        if (primary) primary.click();
      },
    }, containers, h('button', { type: 'submit', hidden: true, tabindex: '-1', 'aria-hidden': 'true' }));
  }

  // ---- verification steps

  function fieldErrorOf(fieldKey) {
    const placement = model.error?.placement;
    if (placement?.type === 'FIELD' && placement.value.fieldId === fieldKey) return model.error.text ?? t('inqError');
    return null;
  }

  function uploadControl({ id, fieldKey, mode, label, selfie = null }) {
    const input = h('input', {
      type: 'file', accept: 'image/*', capture: mode === 'FILE_PICKER' ? null : (selfie ? 'user' : 'environment'),
      'data-capture-mode': mode,
      onchange: async (event) => {
        const file = event.target.files[0];
        if (!file) return;
        if (selfie) {
          let bytes;
          try {
            bytes = await readFile(file);
          } catch {
            act({ type: 'FILE_UNREADABLE', value: { field: fieldKey } });
            return;
          }
          act({ type: 'UPLOAD_CAPTURE', value: { captureSessionId: selfie, field: fieldKey, bytes } });
        } else {
          upload(fieldKey, file);
        }
      },
    });
    return field({ id, label, control: input, error: fieldErrorOf(fieldKey) });
  }

  /** The camera for a SCAN: js/capture.js when the page has it, kept alive across renders of the same scan. */
  function cameraHost(key, state) {
    if (capture && capture.key === key) return capture.host;
    stopCapture();
    const host = h('div', { id: 'inquiry-camera', class: 'camera' });
    const current = { key, host, stop: null, failed: false };
    capture = current;
    import('../capture.js').then((module) => module.startCapture(host, store, context)).then((stop) => {
      if (capture === current) current.stop = stop;
      else if (typeof stop === 'function') stop();
    }).catch(() => {
      current.failed = true;
      host.replaceChildren(h('p', { class: 'hint', id: 'inquiry-camera-missing' }, t('inqCameraMissing')));
      if (!container.querySelector('#inquiry-upload')) draw();
    });
    void state;
    return host;
  }

  function stopCapture() {
    if (!capture) return;
    const { stop } = capture;
    capture = null;
    if (typeof stop === 'function') {
      try {
        stop();
      } catch {
        // the camera is gone already
      }
    }
  }

  function verificationView(verification, loading) {
    const kind = verification.type;
    const { stepId, attempt, state } = verification.value;
    const v = state.value ?? {};
    const processing = v.processing ?? (state.type === 'PROCESSING' || state.type === 'PREPARING' ? v : null);
    const title = v.title ?? processing?.title ?? '';
    const parts = [];
    let keepCamera = false;
    let scanTrigger = null;
    const buttons = () => (v.buttons?.length
      ? h('div', { class: 'actions' }, v.buttons.map((view) => button(view, { loading }))) : null);

    switch (state.type) {
      case 'PROCESSING':
      case 'PREPARING':
        parts.push(h('p', { role: 'status', class: 'processing', id: 'inquiry-processing' },
          processing?.description ?? chromeText('loading')));
        break;
      case 'SELECT_DOCUMENT':
        parts.push(group({ id: 'inquiry-document-type', label: v.description ?? title, error: fieldErrorOf(v.selectionField),
          children: v.options.map((option) => h('label', { class: 'choice' },
            h('input', { type: 'radio', name: 'inquiry-document-type', id: `inquiry-document-${option.value.toLowerCase()}`,
              value: option.value, 'data-document': option.value, checked: option.value === v.selected,
              onchange: () => selection(v.selectionField, option.value) }),
            ' ', option.label)) }));
        break;
      case 'SCAN':
        if (kind === 'GOVERNMENT_ID') {
          const trigger = v.camera?.trigger?.type ?? 'SEARCHING';
          parts.push(h('p', {}, tf('inqSide', { side: t(`inqSide${v.side}`) })));
          if (v.captureMode !== 'FILE_PICKER') {
            keepCamera = true;
            const host = cameraHost(`${stepId}:${v.side}:${attempt.used}`);
            parts.push(host);
            // The camera module shows its own hint for the trigger; the step carries it for tests and styles.
            scanTrigger = { trigger, shouldCapture: Boolean(v.camera?.shouldCapture) };
          }
          parts.push(uploadControl({ id: 'inquiry-upload', fieldKey: v.captureField, mode: v.captureMode,
            label: v.captureMode === 'FILE_PICKER' ? t('inqPhoto') : t('inqPhotoTake') }));
        } else {
          // NFC: a browser cannot read a passport chip (Web NFC has no ISO-DEP access).
          parts.push(h('p', { class: 'banner info', id: 'inquiry-native-needed', 'data-needs': 'NFC' }, t('inqNfcNative')));
          parts.push(h('p', {}, tf('inqNfcFiles', { files: (v.chipFiles ?? []).join(', '),
            received: (v.received ?? []).join(', ') || '—' })));
          parts.push(h('button', { type: 'button', id: 'inquiry-handoff', onclick: () => act({ type: 'HANDOFF' }),
            disabled: loading }, t('inqHandoffAction')));
        }
        break;
      case 'CONFIRM':
        if (kind === 'GOVERNMENT_ID') {
          parts.push(h('p', {}, tf('inqSide', { side: t(`inqSide${v.side}`) })));
          if (v.image) parts.push(h('p', { id: 'inquiry-image' }, tf('inqChosen', { name: v.image.fileName, size: formatSize(v.image.sizeBytes) })));
        } else {
          // Sent as typed: the store keeps the digits, at most code.length of them, and shows them in code.value.
          const input = h('input', { type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code',
            oninput: typed(v.codeField), onchange: typed(v.codeField) });
          input.value = v.code?.value ?? '';
          parts.push(field({ id: 'inquiry-otp', label: t('inqCode'), control: input,
            hint: tf('inqCodeHint', { length: v.code?.length, limit: v.confirmLimit, ttl: v.codeTtl }),
            error: fieldErrorOf(v.codeField), required: true }));
        }
        break;
      case 'UPLOAD_REVIEW':
        parts.push(h('p', {}, tf('inqSide', { side: t(`inqSide${v.side}`) })));
        parts.push(uploadControl({ id: 'inquiry-upload', fieldKey: v.captureField, mode: v.captureMode, label: t('inqPhoto') }));
        if (v.image) parts.push(h('p', { id: 'inquiry-image' }, tf('inqChosen', { name: v.image.fileName, size: formatSize(v.image.sizeBytes) })));
        break;
      case 'LIVENESS':
      case 'PASSIVE':
        parts.push(h('p', { class: 'banner info', id: 'inquiry-native-needed', 'data-needs': 'LIVENESS' }, t('inqSelfieNative')));
        parts.push(h('button', { type: 'button', id: 'inquiry-handoff', onclick: () => act({ type: 'HANDOFF' }),
          disabled: loading }, t('inqHandoffAction')));
        break;
      case 'PHOTO':
        if (v.captureField) {
          parts.push(uploadControl({ id: 'inquiry-selfie', fieldKey: v.captureField, mode: v.captureMode,
            label: t('inqSelfiePhoto'), selfie: v.captureSessionId }));
        }
        break;
      case 'VERIFY':
        if (kind === 'EMAIL_OTP') {
          const input = h('input', { type: 'email', autocomplete: 'email', placeholder: v.placeholder,
            oninput: typed(v.contactField), onchange: typed(v.contactField) });
          input.value = v.value ?? '';
          parts.push(field({ id: 'inquiry-contact', label: v.label, control: input, error: fieldErrorOf(v.contactField),
            required: true }));
        } else {
          parts.push(phoneInput({ id: 'inquiry-contact', label: v.label, input: v.input, countryOptions: v.countryOptions ?? [],
            error: fieldErrorOf(v.contactField), required: true }));
        }
        break;
      case 'BOUND':
        if (v.footer) parts.push(h('p', { class: 'hint' }, v.footer));
        break;
      case 'ERROR':
        if (v.failureReason) parts.push(h('p', { class: 'hint', id: 'inquiry-failure-reason' }, v.failureReason));
        if (v.illustration) parts.push(image({ image: v.illustration, scale: 'M' }));
        break;
      default:
        break;
    }
    if (!keepCamera) stopCapture();
    return h('form', {
      id: 'inquiry-verification', 'data-kind': kind, 'data-state': state.type, 'data-step': stepId,
      'data-attempt-phase': attempt.phase, 'data-trigger': scanTrigger?.trigger ?? null,
      'data-should-capture': scanTrigger?.shouldCapture ? 'true' : null, novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        container.querySelector('#inquiry-verification button.primary[data-intent="SUBMIT"]:not(:disabled)')?.click();
      },
    },
    h('h2', { id: 'inquiry-title', tabindex: '-1', 'data-heading': true }, title),
    v.description && state.type !== 'SELECT_DOCUMENT' ? h('p', { id: 'inquiry-description' }, v.description) : null,
    attempt.max > 1 ? h('p', { class: 'hint', id: 'inquiry-attempt' }, tf('inqAttempt', { used: attempt.used, max: attempt.max })) : null,
    parts,
    buttons(),
    h('button', { type: 'submit', hidden: true, tabindex: '-1', 'aria-hidden': 'true' }));
  }

  function handoffView(handoff, loading) {
    const expires = new Date(Number(handoff.expiresAtMs)).toLocaleTimeString();
    return h('section', { id: 'inquiry-handoff-view', 'data-kind': handoff.kind },
      h('h2', { id: 'inquiry-title', tabindex: '-1', 'data-heading': true }, t('inqHandoffTitle')),
      h('p', {}, t('inqHandoffText')),
      h('img', { id: 'inquiry-handoff-qr', class: 'qr', src: `/qr.svg?data=${encodeURIComponent(handoff.qr)}`,
        alt: t('inqHandoffQr'), width: 220, height: 220 }),
      h('p', {}, `${t('inqHandoffCode')}: `, h('code', { id: 'inquiry-handoff-code' }, handoff.code)),
      h('p', { class: 'hint' }, tf('inqHandoffExpires', { time: expires })),
      handoff.link ? h('p', {}, h('a', { id: 'inquiry-handoff-link', href: handoff.link.value.url, target: '_blank',
        rel: 'noopener' }, t('inqHandoffOpen'))) : null,
      h('div', { class: 'actions' },
        h('button', { type: 'button', id: 'inquiry-continue-here', class: 'primary', disabled: loading,
          onclick: () => act({ type: 'CONTINUE_HERE' }) }, t('inqContinueHere'))));
  }

  function terminalView(terminal) {
    return h('section', { id: 'inquiry-terminal', 'data-outcome': terminal.outcome,
      'data-redirect': terminal.redirect?.value?.url ?? null },
    h('h2', { id: 'inquiry-title', tabindex: '-1', 'data-heading': true }, t(`inqOutcome${terminal.outcome}`)),
    identityView());
  }

  function identityView() {
    const identity = model.identity;
    if (!identity) return null;
    const out = identity.output?.value ?? {};
    const rows = [
      [t('inqName'), [out.givenName, out.middleName, out.familyName].filter(Boolean).join(' ')],
      [t('inqDocument'), (out.documentType ?? identity.selectedDocumentType)
        && t(`inqDocType${out.documentType ?? identity.selectedDocumentType}`)],
      [t('inqNumber'), out.documentNumber], [t('inqBirthdate'), out.birthdate], [t('inqExpiry'), out.expirationDate],
    ].filter(([, value]) => value);
    return h('section', { id: 'inquiry-identity', 'aria-labelledby': 'inquiry-identity-title' },
      h('h3', { id: 'inquiry-identity-title' }, t('inqIdentity')),
      h('dl', {}, rows.map(([name, value]) => [h('dt', {}, name), h('dd', {}, value)])));
  }

  function chromeText(name) {
    return model?.chrome?.[name] ?? t(name === 'loading' ? 'loading' : `inq${name[0].toUpperCase()}${name.slice(1)}`);
  }

  function entryView() {
    const input = h('input', { type: 'text', id: 'inquiry-code', autocomplete: 'off', spellcheck: 'false',
      oninput: (event) => { entryCode = event.target.value; } });
    input.value = entryCode;
    const closed = model.lifecycle?.type === 'CLOSED';
    return h('section', { id: 'inquiry-entry' },
      h('h2', { id: 'inquiry-title', tabindex: '-1', 'data-heading': true }, t('inqEntryTitle')),
      closed ? h('p', { id: 'inquiry-closed', 'data-outcome': model.lifecycle.value?.outcome ?? null }, t('inqClosed')) : null,
      h('form', {
        id: 'inquiry-entry-form', novalidate: true,
        onsubmit: (event) => {
          event.preventDefault();
          openEntry(given.handoff && entryCode === given.handoff ? 'ANOTHER_DEVICE' : 'START');
        },
      },
      field({ id: 'inquiry-code', label: t('inqEntryCode'), control: input, hint: t('inqEntryHint') }),
      h('div', { class: 'actions' },
        h('button', { type: 'submit', id: 'inquiry-start', class: 'primary', disabled: model.loading }, t('inqStart')),
        h('button', { type: 'button', id: 'inquiry-join', disabled: model.loading, onclick: () => openEntry('ANOTHER_DEVICE') },
          t('inqJoin')),
        h('button', { type: 'button', id: 'inquiry-resume', disabled: model.loading, onclick: () => openEntry('SAME_DEVICE') },
          t('inqResume')))));
  }

  function failureView(failure) {
    return h('section', { id: 'inquiry-failure', role: 'alert', 'aria-labelledby': 'inquiry-title',
      'data-error': model.lifecycle?.value?.error?.type ?? null },
    h('h2', { id: 'inquiry-title', tabindex: '-1', 'data-heading': true }, failure.title),
    h('p', { id: 'inquiry-failure-description' }, failure.description),
    h('div', { class: 'actions' },
      failure.retry ? h('button', { type: 'button', id: 'inquiry-retry', class: 'primary', disabled: model.loading,
        onclick: () => act({ type: 'RETRY' }) }, failure.retry) : null,
      h('button', { type: 'button', id: 'inquiry-close', onclick: () => send({ type: 'CLOSE' }) }, failure.close)));
  }

  function navigationBar(navigation, loading, content) {
    if (!navigation) return null;
    // The bar's Back and Finish only where the step has no button of its own for them.
    const own = new Set();
    if (content.type === 'SCREEN') {
      for (const box of content.value.containers) {
        for (const entry of box.elements) if (entry.type === 'BUTTON') own.add(entry.value.intent.type);
      }
    } else if (content.type === 'VERIFICATION') {
      for (const view of content.value.value.state.value?.buttons ?? []) own.add(view.intent.type);
    }
    const bar = navigation.bar;
    const dialog = bar ? h('dialog', { id: 'inquiry-cancel-dialog', 'aria-labelledby': 'inquiry-cancel-title' },
      h('h2', { id: 'inquiry-cancel-title' }, bar.cancelDialog.title),
      h('p', {}, bar.cancelDialog.prompt),
      h('div', { class: 'actions' },
        h('button', { type: 'button', id: 'inquiry-cancel-dismiss', class: 'primary',
          onclick: (event) => event.target.closest('dialog').close() }, bar.cancelDialog.dismissText),
        h('button', { type: 'button', id: 'inquiry-cancel-confirm', onclick: (event) => {
          event.target.closest('dialog').close();
          act({ type: 'CANCEL' });
        } }, bar.cancelDialog.confirmText))) : null;
    return h('nav', { class: 'inquiry-bar', 'aria-label': model.chrome.title },
      navigation.canGoBack && !own.has('BACK') ? h('button', { type: 'button', id: 'inquiry-back', disabled: loading,
        onclick: () => act({ type: 'BACK' }) }, bar?.backLabel ?? model.chrome.back) : null,
      navigation.canComplete && !own.has('COMPLETE') ? h('button', { type: 'button', id: 'inquiry-complete', disabled: loading,
        onclick: () => act({ type: 'COMPLETE' }) }, t('inqComplete')) : null,
      bar ? h('button', { type: 'button', id: 'inquiry-leave', class: 'link',
        onclick: () => container.querySelector('#inquiry-cancel-dialog')?.showModal() }, bar.closeLabel) : null,
      dialog);
  }

  function errorBanner() {
    const error = model.error;
    if (localError) return banner('inquiry-banner', localError);
    if (!error || error.placement.type !== 'BANNER') return null;
    const message = error.text ?? model.inquiry?.stage?.errors?.transportError ?? model.chrome.error.title;
    return h('div', { id: 'inquiry-banner', class: 'banner error', role: 'alert', 'data-retryable': error.retryable ? 'true' : null },
      h('strong', {}, model.chrome.error.title), ' ', message !== model.chrome.error.title ? message : null,
      error.retryable ? h('button', { type: 'button', id: 'inquiry-banner-retry', disabled: model.loading,
        onclick: () => act({ type: 'RETRY' }) }, model.chrome.error.retry) : null,
      // At the end, the only error is a refused redirect: its control leaves the inquiry.
      model.inquiry?.stage?.content?.type === 'TERMINAL' ? h('button', { type: 'button', id: 'inquiry-banner-close',
        onclick: () => send({ type: 'CLOSE' }) }, model.chrome.error.close) : null);
  }

  function draw() {
    if (!model) return;
    inquiryLocale = model.inquiry?.locale ?? null;
    const loading = model.loading;
    const stage = model.inquiry?.stage;
    let key;
    let body;
    const state = { heading: false, loading };
    const closed = model.lifecycle?.type === 'CLOSED';
    if (closed) {
      stopCapture();
      key = 'CLOSED';
      body = entryView();
    } else if (model.failure) {
      stopCapture();
      key = `FAILURE:${model.failure.title}`;
      body = failureView(model.failure);
    } else if (!stage) {
      stopCapture();
      key = 'ENTRY';
      body = model.inquiry && loading ? h('p', { role: 'status' }, chromeText('loading')) : entryView();
      if (model.inquiry) key = 'OPENING';
    } else {
      const content = stage.content;
      let main;
      if (content.type === 'SCREEN') {
        stopCapture();
        key = `SCREEN:${content.value.stepId}`;
        main = screenView(content.value, state);
        if (!state.heading) {
          main.prepend(h('h2', { id: 'inquiry-title', tabindex: '-1', 'data-heading': true, class: 'visually-hidden' },
            model.chrome.title));
        }
      } else if (content.type === 'VERIFICATION') {
        const v = content.value.value;
        key = `VERIFICATION:${v.stepId}:${v.state.type}:${v.state.value?.side ?? ''}:${v.attempt.used}`;
        main = verificationView(content.value, loading);
      } else if (content.type === 'HANDOFF') {
        stopCapture();
        key = `HANDOFF:${content.value.code}`;
        main = handoffView(content.value, loading);
      } else if (content.type === 'TERMINAL') {
        stopCapture();
        key = 'TERMINAL';
        main = terminalView(content.value);
        if (!loading && !leaving) {
          leaving = true;
          queueMicrotask(() => leaveTerminal(content.value.redirect));
        }
      }
      body = [
        navigationBar(stage.navigation, loading, content),
        main,
        content.type !== 'TERMINAL' ? identityView() : null,
      ];
    }
    const view = h('section', {
      id: 'inquiry', lang: model.inquiry?.locale ?? null, 'aria-busy': loading ? 'true' : 'false',
      'data-lifecycle': model.lifecycle?.type, 'data-status': model.inquiry?.status ?? null,
      'data-stage': closed ? 'ENTRY' : (stage?.content?.type ?? (model.failure ? 'FAILURE' : 'ENTRY')),
      'data-loading': loading ? 'true' : 'false',
    },
    closed ? null : errorBanner(),
    body,
    loading && stage && !closed ? h('p', { id: 'inquiry-loading', class: 'hint', role: 'status' }, chromeText('loading')) : null);

    const error = model.error;
    const errorKey = error ? JSON.stringify(error) : (localError ?? '');
    const fieldErrors = [...view.querySelectorAll('[data-error-for]')].map((node) => node.dataset.errorFor).join(',');
    const fullKey = `${errorKey}|${fieldErrors}`;
    const newError = (errorKey || fieldErrors) && fullKey !== lastErrorKey;
    lastErrorKey = fullKey;
    if (key !== 'TERMINAL') leaving = false;
    render(container, view, {
      key,
      onNewStep: (heading) => { if (!newError) context.announce(heading); },
    });
    if (newError) {
      const bannerNode = container.querySelector('#inquiry-banner');
      const fieldNode = container.querySelector('[data-error-for]');
      const active = document.activeElement;
      const typing = active && container.contains(active) && active.matches('input, textarea, select');
      if (bannerNode) {
        context.announce(bannerNode.textContent);
      } else if (fieldNode) {
        context.announce(fieldNode.textContent);
        // Focus goes to the field in error after a submit, not while the person types in another one.
        if (!typing) container.querySelector(`#${CSS.escape(fieldNode.dataset.errorFor)}`)?.focus();
      }
    }
  }

  const unsubscribe = store.subscribe((next) => {
    model = next;
    draw();
    const idle = model.lifecycle?.type === 'IDLE' && !model.inquiry && !model.loading;
    if (idle && !autoOpened && (given.code || given.handoff)) {
      autoOpened = true;
      openEntry(given.handoff ? 'ANOTHER_DEVICE' : 'START');
    }
  });
  // Re-render on leaving an input, so one whose text the page does not track shows the store's. (The page is
  // updated in place, so the element that takes the focus stays what it is.)
  const onFocusOut = () => setTimeout(draw, 0);
  container.addEventListener('focusout', onFocusOut);
  const close = async () => {
    unsubscribe();
    container.removeEventListener('focusout', onFocusOut);
    stopCapture();
    await store.close();
  };
  // The page's language: a running inquiry is asked for its step in it (SET_LOCALE), as its language selector does.
  close.setLocale = (value) => {
    if (model?.inquiry?.stage && !model.failure && model.lifecycle?.type === 'STARTED') {
      return act({ type: 'SET_LOCALE', value: { locale: value } });
    }
    draw();
    return undefined;
  };
  return close;
}
