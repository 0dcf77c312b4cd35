// VaultStore (`vault.mount`, docs/vault-store.md): the records of the session's vault, its folders, the trash,
// conflicts and their three resolutions, shares, the sync status and the error of the last action. The page sends
// one action per interaction and renders the model it gets back; records change only through the model.

import { h, show } from '../dom.js';
import { t, locale, addLabels } from '../i18n.js';
import { loadStyle } from '../styles.js';

addLabels({
  en: {
    vaultTitle: 'Vault', vaultNewNote: 'New note', vaultNoteTitle: 'Title', vaultNoteText: 'Text (optional)',
    vaultCreate: 'Save note', vaultTitleRequired: 'Enter a title.', vaultRecords: 'Records',
    vaultNoRecords: 'Your vault holds no records yet.', vaultEdit: 'Edit', vaultSave: 'Save changes',
    vaultCancel: 'Cancel', vaultPayload: 'Content (JSON)', vaultPayloadInvalid: 'The content must be valid JSON.',
    vaultTrash: 'Move to trash', vaultTrashTitle: 'Trash', vaultTrashEmpty: 'The trash is empty.',
    vaultRestore: 'Restore', vaultPurge: 'Delete forever', vaultPurgeConfirm: 'Really delete forever',
    vaultDeletedAt: 'Deleted', vaultUpdatedAt: 'Updated', vaultSchema: 'Schema', vaultVersion: 'Version',
    vaultOwner: 'Yours', vaultViewOnly: 'Shared with you (view only)', vaultRevoked: 'Sharing ended',
    vaultNotSynced: 'Not synced yet', vaultSynced: 'Synced', vaultId: 'Id',
    vaultFolders: 'Folders', vaultNoFolders: 'No folders yet.', vaultFolderName: 'Folder name',
    vaultCreateFolder: 'Create folder', vaultFolderNameRequired: 'Enter a folder name.',
    vaultDeleteFolder: 'Delete folder', vaultFolderEmpty: 'This folder is empty.', vaultInFolders: 'In folders',
    vaultAddToFolder: 'Add to folder', vaultAdd: 'Add', vaultRemoveFromFolder: 'Remove from',
    vaultRecordCount: 'records', vaultShare: 'Share', vaultShareEmail: 'Email of the person to share with',
    vaultShareSend: 'Send invitation', vaultSharing: 'Sharing', vaultIncoming: 'Shared with you',
    vaultOutgoing: 'Shared by you', vaultNoInvites: 'None.', vaultAccept: 'Accept', vaultReject: 'Reject',
    vaultRevoke: 'Stop sharing', vaultStatusPENDING: 'Waiting', vaultStatusACCEPTED: 'Accepted',
    vaultStatusREJECTED: 'Rejected', vaultStatusREVOKED: 'Ended', vaultFrom: 'From', vaultTo: 'To',
    vaultSync: 'Sync now', vaultSyncIDLE: 'Up to date', vaultSyncSYNCING: 'Syncing…',
    vaultSyncDEGRADED: 'Some entries could not be synced', vaultSyncERROR: 'The vault cannot be synced',
    vaultLastSynced: 'Last synced', vaultNeverSynced: 'Not synced yet', vaultPending: 'changes waiting to sync',
    vaultConflicts: 'conflicts', vaultBusy: 'Working…', vaultDismiss: 'Dismiss', vaultErrorTitle: 'That did not work',
    vaultConflictREMOTE_CHANGED: 'This record was changed here and on another device.',
    vaultConflictREMOTE_DELETED: 'This record was changed here but deleted on another device.',
    vaultConflictLOCAL_DELETED: 'This record was deleted here but changed on another device.',
    vaultAcceptRemote: 'Use the other version', vaultKeepLocal: 'Keep this version', vaultKeepBoth: 'Keep both',
    vaultErrorTRANSIENT_NOT_SUPPORTED: 'Sign in to sync, share or resolve conflicts.',
    vaultOpenDocument: 'Show the document',
    vaultErrorOFFLINE_FOLDER_OP_NOT_SUPPORTED: 'Folders can be changed only while the vault is online.',
  },
  de: {
    vaultTitle: 'Tresor', vaultNewNote: 'Neue Notiz', vaultNoteTitle: 'Titel', vaultNoteText: 'Text (optional)',
    vaultCreate: 'Notiz speichern', vaultTitleRequired: 'Bitte einen Titel eingeben.', vaultRecords: 'Einträge',
    vaultNoRecords: 'Ihr Tresor enthält noch keine Einträge.', vaultEdit: 'Bearbeiten', vaultSave: 'Änderungen speichern',
    vaultCancel: 'Abbrechen', vaultPayload: 'Inhalt (JSON)', vaultPayloadInvalid: 'Der Inhalt muss gültiges JSON sein.',
    vaultTrash: 'In den Papierkorb', vaultTrashTitle: 'Papierkorb', vaultTrashEmpty: 'Der Papierkorb ist leer.',
    vaultRestore: 'Wiederherstellen', vaultPurge: 'Endgültig löschen', vaultPurgeConfirm: 'Wirklich endgültig löschen',
    vaultDeletedAt: 'Gelöscht', vaultUpdatedAt: 'Geändert', vaultSchema: 'Schema', vaultVersion: 'Version',
    vaultOwner: 'Ihr Eintrag', vaultViewOnly: 'Mit Ihnen geteilt (nur lesen)', vaultRevoked: 'Teilen beendet',
    vaultNotSynced: 'Noch nicht synchronisiert', vaultSynced: 'Synchronisiert', vaultId: 'Kennung',
    vaultFolders: 'Ordner', vaultNoFolders: 'Noch keine Ordner.', vaultFolderName: 'Ordnername',
    vaultCreateFolder: 'Ordner anlegen', vaultFolderNameRequired: 'Bitte einen Ordnernamen eingeben.',
    vaultDeleteFolder: 'Ordner löschen', vaultFolderEmpty: 'Dieser Ordner ist leer.', vaultInFolders: 'In Ordnern',
    vaultAddToFolder: 'Zu Ordner hinzufügen', vaultAdd: 'Hinzufügen', vaultRemoveFromFolder: 'Entfernen aus',
    vaultRecordCount: 'Einträge', vaultShare: 'Teilen', vaultShareEmail: 'E-Mail der Person, mit der Sie teilen',
    vaultShareSend: 'Einladung senden', vaultSharing: 'Teilen', vaultIncoming: 'Mit Ihnen geteilt',
    vaultOutgoing: 'Von Ihnen geteilt', vaultNoInvites: 'Keine.', vaultAccept: 'Annehmen', vaultReject: 'Ablehnen',
    vaultRevoke: 'Teilen beenden', vaultStatusPENDING: 'Offen', vaultStatusACCEPTED: 'Angenommen',
    vaultStatusREJECTED: 'Abgelehnt', vaultStatusREVOKED: 'Beendet', vaultFrom: 'Von', vaultTo: 'An',
    vaultSync: 'Jetzt synchronisieren', vaultSyncIDLE: 'Aktuell', vaultSyncSYNCING: 'Wird synchronisiert…',
    vaultSyncDEGRADED: 'Einige Einträge konnten nicht synchronisiert werden',
    vaultSyncERROR: 'Der Tresor kann nicht synchronisiert werden', vaultLastSynced: 'Zuletzt synchronisiert',
    vaultNeverSynced: 'Noch nicht synchronisiert', vaultPending: 'Änderungen warten auf die Synchronisierung',
    vaultConflicts: 'Konflikte', vaultBusy: 'Wird ausgeführt…', vaultDismiss: 'Schließen',
    vaultErrorTitle: 'Das hat nicht geklappt',
    vaultConflictREMOTE_CHANGED: 'Dieser Eintrag wurde hier und auf einem anderen Gerät geändert.',
    vaultConflictREMOTE_DELETED: 'Dieser Eintrag wurde hier geändert, aber auf einem anderen Gerät gelöscht.',
    vaultConflictLOCAL_DELETED: 'Dieser Eintrag wurde hier gelöscht, aber auf einem anderen Gerät geändert.',
    vaultAcceptRemote: 'Andere Fassung übernehmen', vaultKeepLocal: 'Diese Fassung behalten',
    vaultKeepBoth: 'Beide behalten',
    vaultErrorTRANSIENT_NOT_SUPPORTED: 'Melden Sie sich an, um zu synchronisieren, zu teilen oder Konflikte zu lösen.',
    vaultOpenDocument: 'Dokument anzeigen',
    vaultErrorOFFLINE_FOLDER_OP_NOT_SUPPORTED: 'Ordner lassen sich nur ändern, solange der Tresor online ist.',
  },
});

/** The type of a `{type}` wire value (`{type: 'NONE'}`): the sync phase, the conflict, the error. A record's `state`,
 * `permission` and an invite's `status` are plain strings (`'ACTIVE'`). */
const tag = (value) => (value !== null && typeof value === 'object' ? value.type : value);

function parsePayload(payload) {
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

/** What a record or folder is called: the payload's title, name or document type, else its schema. */
function nameOf(entry) {
  const body = parsePayload(entry.payload);
  if (body && typeof body === 'object') {
    if (typeof body.title === 'string' && body.title.trim()) return body.title;
    if (typeof body.name === 'string' && body.name.trim()) return body.name;
    // An issued document (schema `digital`) is called by its document type.
    if (typeof body.documentType?.name === 'string' && body.documentType.name.trim()) return body.documentType.name;
  }
  return entry.header.schema;
}

/** A note's payload as a title and an optional text (the form's two fields), when it is one. */
function noteFields(record) {
  if (record.header.schema !== 'note') return null;
  const body = parsePayload(record.payload);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const others = Object.keys(body).filter((key) => key !== 'title' && key !== 'text');
  if (others.length > 0) return null;
  return { title: String(body.title ?? ''), text: String(body.text ?? '') };
}

function formatTime(seconds) {
  if (seconds === undefined || seconds === null) return '';
  return new Date(seconds * 1000).toLocaleString(locale());
}

const write = (value) => ({ type: 'WRITE', value: { value } });
const share = (value) => ({ type: 'SHARE', value: { value } });

export async function open(container, context) {
  loadStyle('/css/vault.css');
  const store = await context.mount('vault.mount');

  // What the page keeps itself: the form being typed, which record is being edited or shared, a purge being
  // confirmed, and an error the page met sending an action (the store's own errors are in the model).
  const ui = {
    model: null, editing: null, sharing: null, shareEmail: '', purging: null, folderChoice: {}, localError: null,
    fieldErrors: {},
  };

  async function send(action) {
    try {
      ui.localError = null;
      await store.dispatch(action);
    } catch (error) {
      ui.localError = String(error.message ?? error);
      render();
    }
  }

  // The parts that stay: the two forms (so typing is never interrupted by a new model).
  const newTitle = h('input', { id: 'vault-new-title', name: 'title', autocomplete: 'off', 'aria-describedby': 'vault-new-title-error' });
  const newText = h('textarea', { id: 'vault-new-text', name: 'text', rows: 2 });
  const newTitleError = h('p', { id: 'vault-new-title-error', class: 'error', 'aria-live': 'polite' });
  const newForm = h('form', {
    id: 'vault-new-form', class: 'vault-form', 'aria-labelledby': 'vault-new-heading', novalidate: true,
    onsubmit: (event) => {
      event.preventDefault();
      const title = newTitle.value.trim();
      if (!title) {
        newTitleError.textContent = t('vaultTitleRequired');
        newTitle.setAttribute('aria-invalid', 'true');
        newTitle.focus();
        return;
      }
      newTitleError.textContent = '';
      newTitle.removeAttribute('aria-invalid');
      const body = { title };
      if (newText.value.trim()) body.text = newText.value;
      send(write({ type: 'CREATE', value: { record: { schema: 'note', version: 1, payload: JSON.stringify(body) } } }));
      newTitle.value = '';
      newText.value = '';
      newTitle.focus();
    },
  },
  h('h3', { id: 'vault-new-heading' }, t('vaultNewNote')),
  h('div', { class: 'field' }, h('label', { for: 'vault-new-title' }, t('vaultNoteTitle')), newTitle, newTitleError),
  h('div', { class: 'field' }, h('label', { for: 'vault-new-text' }, t('vaultNoteText')), newText),
  h('button', { type: 'submit', id: 'vault-create', class: 'primary' }, t('vaultCreate')));

  const folderName = h('input', { id: 'vault-new-folder-name', autocomplete: 'off', 'aria-describedby': 'vault-new-folder-error' });
  const folderError = h('p', { id: 'vault-new-folder-error', class: 'error', 'aria-live': 'polite' });
  const folderForm = h('form', {
    id: 'vault-new-folder-form', class: 'vault-form inline', novalidate: true,
    onsubmit: (event) => {
      event.preventDefault();
      const name = folderName.value.trim();
      if (!name) {
        folderError.textContent = t('vaultFolderNameRequired');
        folderName.focus();
        return;
      }
      folderError.textContent = '';
      send(write({ type: 'CREATE_FOLDER', value: { folder: { schema: 'folder', version: 1, payload: JSON.stringify({ name }) } } }));
      folderName.value = '';
    },
  },
  h('div', { class: 'field' }, h('label', { for: 'vault-new-folder-name' }, t('vaultFolderName')), folderName, folderError),
  h('button', { type: 'submit', id: 'vault-create-folder' }, t('vaultCreateFolder')));

  const errorSlot = h('div', { id: 'vault-error-slot' });
  // The same element throughout, so screen readers read each change of it.
  const busyLine = h('p', { id: 'vault-busy', class: 'vault-busy', role: 'status' });
  const statusSlot = h('div', { id: 'vault-status-slot' });
  const recordsList = h('ul', { id: 'vault-records', class: 'vault-list', 'aria-labelledby': 'vault-records-heading' });
  const foldersList = h('ul', { id: 'vault-folders', class: 'vault-list', 'aria-labelledby': 'vault-folders-heading' });
  const trashList = h('ul', { id: 'vault-trash', class: 'vault-list', 'aria-labelledby': 'vault-trash-heading' });
  const incomingList = h('ul', { id: 'vault-incoming', class: 'vault-list', 'aria-labelledby': 'vault-incoming-heading' });
  const outgoingList = h('ul', { id: 'vault-outgoing', class: 'vault-list', 'aria-labelledby': 'vault-outgoing-heading' });
  const section = h('section', { id: 'vault', class: 'vault', 'aria-labelledby': 'vault-title' },
    h('h2', { id: 'vault-title' }, t('vaultTitle')),
    errorSlot, statusSlot, busyLine, newForm,
    h('section', { class: 'vault-part' }, h('h3', { id: 'vault-records-heading' }, t('vaultRecords')), recordsList),
    h('section', { class: 'vault-part' }, h('h3', { id: 'vault-folders-heading' }, t('vaultFolders')), folderForm, foldersList),
    h('section', { class: 'vault-part' }, h('h3', { id: 'vault-trash-heading' }, t('vaultTrashTitle')), trashList),
    h('section', { class: 'vault-part', id: 'vault-sharing' }, h('h3', {}, t('vaultSharing')),
      h('h4', { id: 'vault-incoming-heading' }, t('vaultIncoming')), incomingList,
      h('h4', { id: 'vault-outgoing-heading' }, t('vaultOutgoing')), outgoingList));
  show(container, section);

  // --- rendering of what the model says ---

  function renderError(model) {
    const error = model.error;
    if (!error && !ui.localError) return null;
    const type = error ? tag(error.details) : null;
    const explained = type && t(`vaultError${type}`) !== `vaultError${type}` ? t(`vaultError${type}`) : null;
    return h('div', { id: 'vault-error', class: 'banner error', role: 'alert', 'data-error': type ?? 'CLIENT' },
      h('strong', {}, t('vaultErrorTitle')), ' ',
      h('span', { id: 'vault-error-message' }, explained ?? (error ? error.message : ui.localError)),
      ' ',
      h('button', {
        type: 'button', id: 'vault-dismiss-error', 'data-key': 'dismiss-error',
        onclick: () => {
          if (error) send({ type: 'DISMISS_ERROR' });
          ui.localError = null;
          render();
        },
      }, t('vaultDismiss')));
  }

  function renderStatus(model) {
    const sync = model.sync;
    const phase = tag(sync.phase);
    const parts = [h('span', { id: 'vault-sync-phase' }, t(`vaultSync${phase}`))];
    if (sync.phase.value?.message) parts.push(' (', sync.phase.value.message, ')');
    parts.push(' · ', sync.lastSyncedAt ? `${t('vaultLastSynced')}: ${formatTime(sync.lastSyncedAt)}` : t('vaultNeverSynced'));
    if (sync.pending > 0) parts.push(' · ', h('span', { id: 'vault-pending' }, `${sync.pending} ${t('vaultPending')}`));
    if (sync.conflictCount > 0) parts.push(' · ', h('span', { id: 'vault-conflict-count' }, `${sync.conflictCount} ${t('vaultConflicts')}`));
    return h('div', { id: 'vault-sync', class: 'vault-status', 'data-phase': phase, 'data-busy': String(model.busy) },
      h('p', {}, parts),
      h('button', { type: 'button', id: 'vault-sync-now', 'data-key': 'sync', onclick: () => send({ type: 'SYNC' }) }, t('vaultSync')));
  }

  function renderConflict(record) {
    const conflict = tag(record.header.sync.conflict);
    if (!conflict || conflict === 'NONE') return null;
    const id = record.key;
    const resolve = (resolution) => send(write({ type: 'RESOLVE_CONFLICT', value: { id, resolution: { type: resolution } } }));
    return h('div', { class: 'banner warning vault-conflict', role: 'group', 'aria-label': t(`vaultConflict${conflict}`), 'data-conflict': conflict },
      h('p', {}, t(`vaultConflict${conflict}`)),
      h('div', { class: 'vault-actions' },
        h('button', { type: 'button', 'data-action': 'accept-remote', 'data-key': `accept-remote:${id}`, onclick: () => resolve('ACCEPT_REMOTE') }, t('vaultAcceptRemote')),
        h('button', { type: 'button', 'data-action': 'keep-local', 'data-key': `keep-local:${id}`, onclick: () => resolve('KEEP_LOCAL') }, t('vaultKeepLocal')),
        h('button', { type: 'button', 'data-action': 'keep-both', 'data-key': `keep-both:${id}`, onclick: () => resolve('KEEP_BOTH') }, t('vaultKeepBoth'))));
  }

  function renderMeta(record) {
    const header = record.header;
    const owner = header.permission === 'OWNER';
    return h('dl', { class: 'vault-meta' },
      h('dt', {}, t('vaultSchema')), h('dd', { 'data-meta': 'schema' }, header.schema),
      h('dt', {}, t('vaultVersion')), h('dd', { 'data-meta': 'version' }, String(header.version)),
      h('dt', {}, t('vaultUpdatedAt')), h('dd', {}, formatTime(header.updatedAt)),
      header.deletedAt ? [h('dt', {}, t('vaultDeletedAt')), h('dd', {}, formatTime(header.deletedAt))] : null,
      h('dt', {}, t('vaultId')), h('dd', { class: 'vault-id' }, header.id),
      h('dd', { class: 'vault-tags' },
        h('span', { class: 'tag' }, owner ? t('vaultOwner') : t('vaultViewOnly')),
        header.revokedAt ? h('span', { class: 'tag' }, t('vaultRevoked')) : null,
        h('span', { class: 'tag', 'data-sync': header.sync.dirty ? 'dirty' : 'clean' }, header.sync.dirty ? t('vaultNotSynced') : t('vaultSynced'))));
  }

  function renderEditForm(record) {
    const id = record.key;
    const draft = ui.editing;
    const fields = [];
    if (draft.note) {
      fields.push(
        h('div', { class: 'field' }, h('label', { for: 'vault-edit-title' }, t('vaultNoteTitle')),
          h('input', { id: 'vault-edit-title', 'data-key': 'edit-title', value: draft.title, oninput: (event) => { draft.title = event.target.value; } })),
        h('div', { class: 'field' }, h('label', { for: 'vault-edit-text' }, t('vaultNoteText')),
          textarea('vault-edit-text', 'edit-text', draft.text, (value) => { draft.text = value; })));
    } else {
      fields.push(h('div', { class: 'field' }, h('label', { for: 'vault-edit-payload' }, t('vaultPayload')),
        textarea('vault-edit-payload', 'edit-payload', draft.payload, (value) => { draft.payload = value; }, 6)));
    }
    const error = ui.fieldErrors.edit;
    return h('form', {
      class: 'vault-form vault-edit', id: 'vault-edit-form', novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        let payload;
        if (draft.note) {
          if (!draft.title.trim()) {
            ui.fieldErrors.edit = t('vaultTitleRequired');
            render();
            return;
          }
          const body = { title: draft.title.trim() };
          if (draft.text.trim()) body.text = draft.text;
          payload = JSON.stringify(body);
        } else {
          if (parsePayload(draft.payload) === undefined) {
            ui.fieldErrors.edit = t('vaultPayloadInvalid');
            render();
            return;
          }
          payload = draft.payload;
        }
        ui.fieldErrors.edit = null;
        ui.editing = null;
        send(write({ type: 'UPDATE', value: { id, record: { schema: record.header.schema, version: record.header.version, payload } } }));
        render();
        container.querySelector(`[data-key="edit:${id}"]`)?.focus();
      },
    },
    fields,
    error ? h('p', { class: 'error', role: 'alert', id: 'vault-edit-error' }, error) : null,
    h('div', { class: 'vault-actions' },
      h('button', { type: 'submit', id: 'vault-save', class: 'primary', 'data-action': 'save', 'data-key': 'save' }, t('vaultSave')),
      h('button', {
        type: 'button', id: 'vault-cancel-edit', 'data-action': 'cancel-edit', 'data-key': 'cancel-edit',
        onclick: () => {
          ui.editing = null;
          ui.fieldErrors.edit = null;
          render();
          container.querySelector(`[data-key="edit:${id}"]`)?.focus();
        },
      }, t('vaultCancel'))));
  }

  function textarea(id, key, value, onchange, rows = 3) {
    const element = h('textarea', { id, 'data-key': key, rows, oninput: (event) => onchange(event.target.value) });
    element.value = value;
    return element;
  }

  function renderShareForm(record) {
    const id = record.key;
    return h('form', {
      class: 'vault-form inline', id: 'vault-share-form', novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        const email = ui.shareEmail.trim();
        if (!email) return;
        ui.sharing = null;
        ui.shareEmail = '';
        send(share({ type: 'INVITE', value: { recordId: id, email, permission: 'VIEW' } }));
        render();
      },
    },
    h('div', { class: 'field' }, h('label', { for: 'vault-share-email' }, t('vaultShareEmail')),
      h('input', { id: 'vault-share-email', type: 'email', 'data-key': 'share-email', autocomplete: 'email', value: ui.shareEmail, oninput: (event) => { ui.shareEmail = event.target.value; } })),
    h('div', { class: 'vault-actions' },
      h('button', { type: 'submit', id: 'vault-share-send', 'data-key': 'share-send' }, t('vaultShareSend')),
      h('button', { type: 'button', 'data-key': 'share-cancel', onclick: () => { ui.sharing = null; render(); } }, t('vaultCancel'))));
  }

  function renderFolderControls(record, folders) {
    const id = record.key;
    const owner = record.header.permission === 'OWNER';
    const memberOf = folders.filter((folder) => record.metadata.folders.includes(folder.header.id));
    const candidates = folders.filter((folder) => !record.metadata.folders.includes(folder.header.id));
    const parts = [];
    if (memberOf.length > 0) {
      parts.push(h('p', { class: 'vault-folder-tags' }, `${t('vaultInFolders')}: `,
        memberOf.map((folder) => h('span', { class: 'tag', 'data-folder-tag': folder.header.id }, nameOf(folder), ' ',
          h('button', {
            type: 'button', class: 'link', 'data-action': 'remove-from-folder', 'data-key': `unfile:${id}:${folder.header.id}`,
            'aria-label': `${t('vaultRemoveFromFolder')} ${nameOf(folder)}`,
            onclick: () => send(write({ type: 'REMOVE_FROM_FOLDER', value: { folderId: folder.header.id, recordId: id } })),
          }, '×')))));
    }
    if (owner && candidates.length > 0) {
      const selectId = `vault-folder-choice-${id}`;
      const chosen = candidates.some((folder) => folder.header.id === ui.folderChoice[id]) ? ui.folderChoice[id] : candidates[0].header.id;
      const select = h('select', { id: selectId, 'data-key': `folder-choice:${id}`, onchange: (event) => { ui.folderChoice[id] = event.target.value; } },
        candidates.map((folder) => h('option', { value: folder.header.id, selected: folder.header.id === chosen }, nameOf(folder))));
      parts.push(h('div', { class: 'vault-add-folder' },
        h('label', { for: selectId }, t('vaultAddToFolder')), select,
        h('button', {
          type: 'button', 'data-action': 'add-to-folder', 'data-key': `file:${id}`,
          onclick: () => send(write({ type: 'ADD_TO_FOLDER', value: { folderId: select.value, recordId: id } })),
        }, t('vaultAdd'))));
    }
    return parts;
  }

  function renderRecord(record, folders) {
    const header = record.header;
    // The record's key stays the same when Folio's id replaces the local one: a form open on it stays open.
    const id = record.key;
    const owner = header.permission === 'OWNER';
    const active = header.state === 'ACTIVE';
    const editing = ui.editing?.id === id;
    const headingId = `vault-record-${id}-title`;
    return h('li', {
      'data-record-id': header.id, 'data-record-key': id, 'data-schema': header.schema, 'data-state': header.state,
      'data-permission': header.permission, 'data-conflict': tag(header.sync.conflict),
      'data-dirty': String(header.sync.dirty), class: 'vault-record',
    },
    h('article', { 'aria-labelledby': headingId },
      h('h4', { id: headingId, class: 'vault-record-title' }, nameOf(record)),
      renderMeta(record),
      h('pre', { class: 'vault-payload', 'data-payload': '', tabindex: 0, 'aria-label': t('vaultPayload') }, record.payload),
      renderConflict(record),
      active ? renderFolderControls(record, folders) : null,
      editing ? renderEditForm(record) : null,
      ui.sharing === id ? renderShareForm(record) : null,
      h('div', { class: 'vault-actions' },
        active && header.schema === 'digital' ? h('button', {
          type: 'button', 'data-action': 'open-document', 'data-key': `open-document:${id}`,
          onclick: () => context.openScreen('documents', { id }),
        }, t('vaultOpenDocument')) : null,
        active && owner && !editing ? h('button', {
          type: 'button', 'data-action': 'edit', 'data-key': `edit:${id}`,
          onclick: () => {
            const note = noteFields(record);
            ui.editing = { id, note: Boolean(note), title: note?.title ?? '', text: note?.text ?? '', payload: record.payload };
            ui.fieldErrors.edit = null;
            render();
            container.querySelector(note ? '#vault-edit-title' : '#vault-edit-payload')?.focus();
          },
        }, t('vaultEdit')) : null,
        active && owner ? h('button', {
          type: 'button', 'data-action': 'share', 'data-key': `share:${id}`, 'aria-expanded': String(ui.sharing === id),
          onclick: () => {
            ui.sharing = ui.sharing === id ? null : id;
            render();
            container.querySelector('#vault-share-email')?.focus();
          },
        }, t('vaultShare')) : null,
        active && owner ? h('button', {
          type: 'button', 'data-action': 'trash', 'data-key': `trash:${id}`,
          onclick: () => {
            if (ui.editing?.id === id) ui.editing = null;
            send(write({ type: 'DELETE', value: { id } }));
          },
        }, t('vaultTrash')) : null,
        !active && owner ? h('button', {
          type: 'button', 'data-action': 'restore', 'data-key': `restore:${id}`,
          onclick: () => send(write({ type: 'RESTORE', value: { id } })),
        }, t('vaultRestore')) : null,
        !active && owner ? (ui.purging === id
          ? h('button', {
            type: 'button', class: 'danger', 'data-action': 'purge-confirm', 'data-key': `purge-confirm:${id}`,
            onclick: () => { ui.purging = null; send(write({ type: 'PERMANENTLY_DELETE', value: { id } })); },
          }, t('vaultPurgeConfirm'))
          : h('button', {
            type: 'button', 'data-action': 'purge', 'data-key': `purge:${id}`,
            onclick: () => {
              ui.purging = id;
              render();
              container.querySelector(`[data-key="purge-confirm:${id}"]`)?.focus();
            },
          }, t('vaultPurge'))) : null)));
  }

  function renderFolder(folder, records) {
    const id = folder.header.id;
    const open = folder.metadata.open;
    const members = records.filter((record) => folder.metadata.records.includes(record.header.id));
    const owner = folder.header.permission === 'OWNER';
    return h('li', { 'data-folder-id': id, 'data-open': String(open), class: 'vault-folder' },
      h('button', {
        type: 'button', class: 'vault-folder-toggle', 'data-action': 'toggle-folder', 'data-key': `folder:${id}`,
        'aria-expanded': String(open), 'aria-controls': open ? `vault-folder-${id}-members` : null,
        onclick: () => send(write({ type: 'SET_FOLDER_OPEN', value: { id, open: !open } })),
      }, `${open ? '▾' : '▸'} ${nameOf(folder)} (${folder.metadata.records.length} ${t('vaultRecordCount')})`),
      owner ? h('button', {
        type: 'button', 'data-action': 'delete-folder', 'data-key': `delete-folder:${id}`,
        onclick: () => send(write({ type: 'DELETE_FOLDER', value: { id } })),
      }, t('vaultDeleteFolder')) : null,
      open ? h('ul', { id: `vault-folder-${id}-members`, class: 'vault-folder-members' },
        members.length > 0
          ? members.map((record) => h('li', { 'data-member-id': record.header.id }, nameOf(record)))
          : h('li', { class: 'empty' }, t('vaultFolderEmpty'))) : null);
  }

  function renderInvite(invite, incoming) {
    const status = invite.status;
    const id = invite.id;
    const actions = [];
    if (incoming && status === 'PENDING') {
      actions.push(
        h('button', { type: 'button', 'data-action': 'accept', 'data-key': `accept:${id}`, onclick: () => send(share({ type: 'ACCEPT', value: { inviteId: id } })) }, t('vaultAccept')),
        h('button', { type: 'button', 'data-action': 'reject', 'data-key': `reject:${id}`, onclick: () => send(share({ type: 'REJECT', value: { inviteId: id } })) }, t('vaultReject')));
    }
    if (!incoming && (status === 'PENDING' || status === 'ACCEPTED')) {
      actions.push(h('button', { type: 'button', 'data-action': 'revoke', 'data-key': `revoke:${id}`, onclick: () => send(share({ type: 'REVOKE', value: { inviteId: id } })) }, t('vaultRevoke')));
    }
    return h('li', { 'data-invite-id': id, 'data-status': status, 'data-record': invite.recordId, class: 'vault-invite' },
      h('span', {}, `${incoming ? t('vaultFrom') : t('vaultTo')}: ${invite.email}`), ' · ',
      h('span', {}, invite.schema), ' · ',
      h('span', { class: 'tag', 'data-invite-status': status }, t(`vaultStatus${status}`)), ' · ',
      h('span', {}, formatTime(invite.createdAt)),
      actions.length > 0 ? h('span', { class: 'vault-actions' }, actions) : null);
  }

  // What each part was last drawn from: a new model redraws only the parts whose data changed (a sync phase
  // changes often), so the controls a person is using stay the same elements.
  const drawn = { error: null, status: null, lists: null };

  /** Draws the model; `force` (after the page's own state changed) draws the lists even when the model did not. */
  function render(force = true) {
    const model = ui.model;
    if (!model) return;
    // Keep the focus on the same control across a new model.
    const active0 = document.activeElement;
    const focused = container.contains(active0) ? active0?.dataset?.key : null;
    let selection = null;
    try {
      if (focused && typeof active0.selectionStart === 'number') selection = [active0.selectionStart, active0.selectionEnd];
    } catch {
      selection = null;
    }

    section.setAttribute('aria-busy', String(model.busy));
    busyLine.textContent = model.busy ? t('vaultBusy') : '';
    const errorKey = JSON.stringify([model.error ?? null, ui.localError, locale()]);
    if (errorKey !== drawn.error) {
      drawn.error = errorKey;
      show(errorSlot, renderError(model));
    }
    const statusKey = JSON.stringify([model.sync, model.busy, locale()]);
    if (statusKey !== drawn.status) {
      drawn.status = statusKey;
      show(statusSlot, renderStatus(model));
    }
    const listsKey = JSON.stringify([model.records, model.folders, model.sharing, locale()]);
    if (!force && listsKey === drawn.lists) return restoreFocus(focused, selection);
    drawn.lists = listsKey;

    const folders = model.folders.filter((folder) => folder.header.state === 'ACTIVE');
    const active = model.records.filter((record) => record.header.state === 'ACTIVE');
    const deleted = model.records.filter((record) => record.header.state !== 'ACTIVE');
    if (ui.editing && !active.some((record) => record.header.id === ui.editing.id)) ui.editing = null;

    show(recordsList, active.length > 0
      ? active.map((record) => renderRecord(record, folders))
      : h('li', { class: 'empty', id: 'vault-records-empty' }, t('vaultNoRecords')));
    show(foldersList, folders.length > 0
      ? folders.map((folder) => renderFolder(folder, model.records))
      : h('li', { class: 'empty' }, t('vaultNoFolders')));
    show(trashList, deleted.length > 0
      ? deleted.map((record) => renderRecord(record, folders))
      : h('li', { class: 'empty', id: 'vault-trash-empty' }, t('vaultTrashEmpty')));
    show(incomingList, model.sharing.incoming.length > 0
      ? model.sharing.incoming.map((invite) => renderInvite(invite, true))
      : h('li', { class: 'empty' }, t('vaultNoInvites')));
    show(outgoingList, model.sharing.outgoing.length > 0
      ? model.sharing.outgoing.map((invite) => renderInvite(invite, false))
      : h('li', { class: 'empty' }, t('vaultNoInvites')));

    restoreFocus(focused, selection);
  }

  function restoreFocus(focused, selection) {
    if (focused) {
      const again = container.querySelector(`[data-key="${CSS.escape(focused)}"]`);
      if (again && again !== document.activeElement) {
        again.focus();
        try {
          if (selection) again.setSelectionRange(...selection);
        } catch {
          // inputs such as type=email have no selection
        }
      }
    }
  }

  const unsubscribe = store.subscribe((model) => {
    ui.model = model;
    render(false);
  });

  return () => {
    unsubscribe();
    return store.close();
  };
}
