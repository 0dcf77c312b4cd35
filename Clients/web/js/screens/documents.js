// Issued documents (docs/documents.md): FolioDocumentListStore (`documents.mountList`) lists them and tells how the
// reception of a document stands; FolioDocumentStore (`documents.mount {id}`) shows one with its fields and photos.
// Both only read: the page sends REFRESH, RETRY and ACKNOWLEDGE to the list and REFRESH to a document.

import { h, show } from '../dom.js';
import { t, addLabels } from '../i18n.js';
import { loadStyle } from '../styles.js';
import { fromBase64 } from '../bytes.js';

addLabels({
  en: {
    documentsTitle: 'Documents', documentsRefresh: 'Refresh', documentsEmpty: 'No documents yet.',
    documentsReceiving: 'Receiving your document…', documentsReceived: 'Your document has arrived.',
    documentsOpenReceived: 'Open the document', documentsIssuer: 'Issuer', documentsType: 'Document type',
    documentsStatus: 'Status', documentsValidity: 'Validity', documentsValidFrom: 'Valid from',
    documentsValidUntil: 'Valid until', documentsSpecimen: 'Specimen – not a real document',
    documentsStatusVALID: 'Valid', documentsStatusREVOKED: 'Revoked', documentsStatusEXPIRED: 'Expired',
    documentsStatusNOT_YET_VALID: 'Not yet valid', documentsBack: 'Back to the documents',
    documentsNotFound: 'This document is not in your vault (any more).', documentsFields: 'Details',
    documentsPhotos: 'Photos', documentsPhotoLoading: 'Loading the photo…',
    documentsPhotoFailed: 'The photo cannot be shown.', documentsReadFailed: 'The document could not be read again.',
  },
  de: {
    documentsTitle: 'Dokumente', documentsRefresh: 'Aktualisieren', documentsEmpty: 'Noch keine Dokumente.',
    documentsReceiving: 'Ihr Dokument wird empfangen…', documentsReceived: 'Ihr Dokument ist angekommen.',
    documentsOpenReceived: 'Dokument öffnen', documentsIssuer: 'Aussteller', documentsType: 'Dokumentart',
    documentsStatus: 'Status', documentsValidity: 'Gültigkeit', documentsValidFrom: 'Gültig ab',
    documentsValidUntil: 'Gültig bis', documentsSpecimen: 'Muster – kein echtes Dokument',
    documentsStatusVALID: 'Gültig', documentsStatusREVOKED: 'Widerrufen', documentsStatusEXPIRED: 'Abgelaufen',
    documentsStatusNOT_YET_VALID: 'Noch nicht gültig', documentsBack: 'Zurück zu den Dokumenten',
    documentsNotFound: 'Dieses Dokument ist nicht (mehr) in Ihrem Tresor.', documentsFields: 'Angaben',
    documentsPhotos: 'Fotos', documentsPhotoLoading: 'Foto wird geladen…',
    documentsPhotoFailed: 'Das Foto kann nicht angezeigt werden.',
    documentsReadFailed: 'Das Dokument konnte nicht erneut gelesen werden.',
  },
});

const tag = (value) => (value !== null && typeof value === 'object' ? value.type : value);

function validity(document) {
  if (document.validFrom && document.validUntil) return `${document.validFrom} – ${document.validUntil}`;
  if (document.validFrom) return `${t('documentsValidFrom')} ${document.validFrom}`;
  if (document.validUntil) return `${t('documentsValidUntil')} ${document.validUntil}`;
  return null;
}

function statusTag(document) {
  const status = tag(document.status);
  return h('span', { class: 'tag document-status', 'data-status': status }, t(`documentsStatus${status}`));
}

export async function open(container, context) {
  loadStyle('/css/documents.css');
  const list = await context.mount('documents.mountList');

  const ui = { model: null, detail: null };

  const reception = h('div', { id: 'reception', class: 'reception', 'data-reception': 'IDLE', role: 'status', 'aria-live': 'polite' });
  const listView = h('ul', { id: 'documents-list', class: 'documents-list', 'aria-labelledby': 'documents-title' });
  const detailSlot = h('div', { id: 'documents-detail-slot' });
  const refresh = h('button', {
    type: 'button', id: 'documents-refresh',
    onclick: () => list.dispatch({ type: 'REFRESH' }).catch((error) => context.announce(String(error.message ?? error))),
  }, t('documentsRefresh'));
  const section = h('section', { id: 'documents', class: 'documents', 'aria-labelledby': 'documents-title' },
    h('div', { class: 'documents-header' }, h('h2', { id: 'documents-title' }, t('documentsTitle')), refresh),
    reception, listView, detailSlot);
  show(container, section);

  function renderReception(model) {
    const state = model.reception;
    const type = tag(state);
    // The live region stays the same element; only its content changes, so screen readers read each change.
    const received = type === 'RECEIVED' ? model.items.find((item) => item.id === state.value.id) : null;
    const key = JSON.stringify([state, received?.title ?? null]);
    if (reception.dataset.key === key) return;
    reception.dataset.reception = type;
    reception.dataset.key = key;
    reception.className = `reception reception-${type.toLowerCase()}`;
    switch (type) {
      case 'RECEIVING':
        show(reception, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, t('documentsReceiving')));
        break;
      case 'FAILED':
        show(reception, h('span', {}, state.value.text), ' ', h('button', {
          type: 'button', id: 'reception-retry', class: 'primary',
          onclick: () => list.dispatch({ type: 'RETRY' }).catch((error) => context.announce(String(error.message ?? error))),
        }, state.value.retry));
        break;
      case 'NOT_ISSUED':
        show(reception, h('span', {}, state.value.text));
        break;
      case 'RECEIVED': {
        const id = state.value.id;
        show(reception, h('span', {}, received ? `${received.title}: ${t('documentsReceived')}` : t('documentsReceived')), ' ',
          h('a', {
            href: `#document-${encodeURIComponent(id)}`, id: 'reception-open', 'data-document-link': id,
            onclick: (event) => {
              event.preventDefault();
              openDetail(id, { acknowledge: true });
            },
          }, t('documentsOpenReceived')));
        break;
      }
      default:
        show(reception);
    }
  }

  function renderList(model) {
    const focused = container.contains(document.activeElement) ? document.activeElement?.dataset?.documentOpen : null;
    show(listView, model.items.length > 0
      ? model.items.map((item) => h('li', { 'data-document-id': item.id, 'data-status': tag(item.status), class: 'document-item' },
        h('button', {
          type: 'button', class: 'document-open', 'data-document-open': item.id,
          onclick: () => openDetail(item.id),
        },
        h('span', { class: 'document-title' }, item.title),
        h('span', { class: 'document-issuer' }, item.issuer.name),
        h('span', { class: 'document-line' }, statusTag(item),
          validity(item) ? h('span', { class: 'document-validity' }, validity(item)) : null,
          item.isTest ? h('span', { class: 'tag specimen' }, t('documentsSpecimen')) : null))))
      : h('li', { class: 'empty', id: 'documents-empty' }, t('documentsEmpty')));
    if (focused) listView.querySelector(`[data-document-open="${CSS.escape(focused)}"]`)?.focus();
  }

  // --- one document ---

  function closeDetail() {
    const detail = ui.detail;
    if (!detail) return;
    ui.detail = null;
    detail.closed = true;
    detail.unsubscribe?.();
    detail.store?.close();
    for (const url of detail.photos.values()) if (url.startsWith('blob:')) URL.revokeObjectURL(url);
    show(detailSlot);
    listView.hidden = false;
    refresh.hidden = false;
  }

  async function openDetail(id, { acknowledge = false } = {}) {
    closeDetail();
    const detail = { id, store: null, unsubscribe: null, photos: new Map(), closed: false, model: null };
    ui.detail = detail;
    listView.hidden = true;
    refresh.hidden = true;
    show(detailSlot, h('p', {}, t('loading')));
    try {
      detail.store = await context.mount('documents.mount', { id });
    } catch (error) {
      if (!detail.closed) show(detailSlot, h('div', { class: 'banner error', role: 'alert' }, String(error.message ?? error)));
      return;
    }
    if (detail.closed) {
      detail.store.close();
      return;
    }
    detail.unsubscribe = detail.store.subscribe((model) => {
      detail.model = model;
      renderDetail(detail);
      // The focus moves to the document once it shows (or to the note that it is not there).
      const heading = detailSlot.querySelector('#document-title, #document-not-found');
      if (!detail.focused && heading) {
        detail.focused = true;
        heading.focus();
      }
    });
    // The received document is open (from the banner's link, or from the list): the list no longer needs to say
    // it arrived.
    const state = ui.model?.reception;
    if (acknowledge || (tag(state) === 'RECEIVED' && state.value.id === id)) list.dispatch({ type: 'ACKNOWLEDGE' }).catch(() => {});
  }

  function loadPhoto(detail, attachmentId) {
    detail.photos.set(attachmentId, 'loading');
    context.call('attachment.getBytes', { attachmentId }).then((answer) => {
      if (detail.closed) return;
      const url = URL.createObjectURL(new Blob([fromBase64(answer.bytes)], { type: answer.mediaType }));
      detail.photos.set(attachmentId, url);
      renderDetail(detail);
    }).catch(() => {
      if (detail.closed) return;
      detail.photos.set(attachmentId, 'failed');
      renderDetail(detail);
    });
  }

  function renderPhoto(detail, photo) {
    const attachmentId = photo.image.attachmentId;
    if (!detail.photos.has(attachmentId)) loadPhoto(detail, attachmentId);
    const url = detail.photos.get(attachmentId);
    const size = photo.image.image;
    let content;
    if (url === 'loading') content = h('p', { class: 'photo-placeholder' }, t('documentsPhotoLoading'));
    else if (url === 'failed') content = h('p', { class: 'photo-placeholder error' }, t('documentsPhotoFailed'));
    else content = h('img', { src: url, alt: photo.label, width: size?.width, height: size?.height, 'data-photo': photo.key });
    return h('figure', { class: 'document-photo', 'data-photo-key': photo.key }, content, h('figcaption', {}, photo.label));
  }

  function renderDetail(detail) {
    if (detail.closed || !detail.model) return;
    const model = detail.model;
    const phase = tag(model.phase);
    const back = h('button', { type: 'button', id: 'document-back', onclick: () => { const id = detail.id; closeDetail(); listView.querySelector(`[data-document-open="${CSS.escape(id)}"]`)?.focus(); } }, `← ${t('documentsBack')}`);
    const reload = h('button', { type: 'button', id: 'document-refresh', onclick: () => detail.store.dispatch({ type: 'REFRESH' }).catch(() => {}) }, t('documentsRefresh'));
    const error = model.error ? h('div', { class: 'banner error', role: 'alert', id: 'document-error' }, t('documentsReadFailed'), ' ', model.error.value?.message ?? '') : null;
    const document = model.document;
    let body;
    if (phase === 'NOT_FOUND') {
      body = h('p', { id: 'document-not-found', tabindex: -1 }, t('documentsNotFound'));
    } else if (!document) {
      body = h('p', {}, t('loading'));
    } else {
      // Photos whose reference changed (a new session lists new ones) are read again; the old URLs are let go.
      const current = new Set(document.photos.map((photo) => photo.image.attachmentId));
      for (const [key, url] of detail.photos) {
        if (!current.has(key)) {
          if (url.startsWith('blob:')) URL.revokeObjectURL(url);
          detail.photos.delete(key);
        }
      }
      body = [
        h('h3', { id: 'document-title', tabindex: -1 }, document.title),
        document.isTest ? h('p', { class: 'tag specimen' }, t('documentsSpecimen')) : null,
        h('dl', { class: 'document-summary' },
          h('dt', {}, t('documentsIssuer')), h('dd', { 'data-summary': 'issuer' }, document.issuer.name),
          h('dt', {}, t('documentsType')), h('dd', {}, document.documentType.name),
          h('dt', {}, t('documentsStatus')), h('dd', {}, statusTag(document)),
          validity(document) ? [h('dt', {}, t('documentsValidity')), h('dd', { 'data-summary': 'validity' }, validity(document))] : null),
        document.fields.length > 0 ? [
          h('h4', {}, t('documentsFields')),
          h('dl', { class: 'document-fields' }, document.fields.map((field) => [
            h('dt', {}, field.label), h('dd', { 'data-field-key': field.key }, field.value)])),
        ] : null,
        document.photos.length > 0 ? [
          h('h4', {}, t('documentsPhotos')),
          h('div', { class: 'document-photos' }, document.photos.map((photo) => renderPhoto(detail, photo))),
        ] : null,
      ];
    }
    const focusedId = detailSlot.contains(globalThis.document.activeElement) ? globalThis.document.activeElement.id : null;
    show(detailSlot, h('article', { id: 'document-detail', 'data-document-id': detail.id, 'data-phase': phase, 'aria-labelledby': 'document-title' },
      h('div', { class: 'vault-actions' }, back, reload), error, body));
    if (focusedId) detailSlot.querySelector(`#${CSS.escape(focusedId)}`)?.focus();
  }

  const unsubscribe = list.subscribe((model) => {
    ui.model = model;
    renderReception(model);
    renderList(model);
  });

  if (context.options?.id) openDetail(context.options.id);

  return () => {
    unsubscribe();
    closeDetail();
    return list.close();
  };
}
