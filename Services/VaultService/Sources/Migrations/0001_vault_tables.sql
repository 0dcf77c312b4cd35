-- The vault of each account (guest accounts included): every table carries account_id and is readable only
-- with row-level security, forced for the table owner too, through the policy on the transaction's
-- folio.account_id setting. The VaultService runs its vault queries as folio_vault, a role that neither
-- owns these tables nor has BYPASSRLS (SET LOCAL ROLE in each transaction).
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'folio_vault') THEN
        CREATE ROLE folio_vault NOLOGIN NOSUPERUSER NOBYPASSRLS;
    END IF;
    -- The connecting user switches to folio_vault in each transaction (SET LOCAL ROLE).
    EXECUTE format('GRANT folio_vault TO %I', current_user);
END
$$;

-- The account's data key, sealed with the service's key-encryption key.
CREATE TABLE IF NOT EXISTS vault_keys (
    account_id  text PRIMARY KEY,
    wrapped_key bytea NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Records and folders. Each entry has its own record key, sealed with the account's data key (record_key);
-- body is the JSON payload sealed with the record key; folio_id is Folio's id once it confirmed the entry.
CREATE TABLE IF NOT EXISTS vault_entries (
    account_id       text NOT NULL,
    id               text NOT NULL,
    folio_id         text,
    kind             text NOT NULL CHECK (kind IN ('RECORD', 'FOLDER')),
    schema           text NOT NULL,
    version          bigint NOT NULL CHECK (version >= 0 AND version <= 4294967295),
    state            text NOT NULL CHECK (state IN ('ACTIVE', 'DELETED', 'PURGED')),
    permission       text NOT NULL CHECK (permission IN ('OWNER', 'VIEW')),
    owner_account_id text NOT NULL,
    record_key       bytea NOT NULL,
    body             bytea NOT NULL,
    folder_open      boolean NOT NULL DEFAULT false,
    attachments      jsonb NOT NULL DEFAULT '[]',
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    deleted_at       timestamptz,
    revoked_at       timestamptz,
    revision         bigint,
    dirty            boolean NOT NULL DEFAULT true,
    conflict         text NOT NULL DEFAULT 'NONE'
                     CHECK (conflict IN ('NONE', 'REMOTE_CHANGED', 'REMOTE_DELETED', 'LOCAL_DELETED')),
    remote_body      bytea,
    remote_schema    text,
    remote_version   bigint,
    remote_revision  bigint,
    local_seq        bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, id)
);
CREATE UNIQUE INDEX IF NOT EXISTS vault_entries_folio_id ON vault_entries (account_id, folio_id);
CREATE INDEX IF NOT EXISTS vault_entries_dirty ON vault_entries (account_id) WHERE dirty;

-- Folder membership as on this side; removed rows stay until Folio has the removal.
CREATE TABLE IF NOT EXISTS vault_memberships (
    account_id text NOT NULL,
    folder_id  text NOT NULL,
    member_id  text NOT NULL,
    removed    boolean NOT NULL DEFAULT false,
    dirty      boolean NOT NULL DEFAULT true,
    PRIMARY KEY (account_id, folder_id, member_id)
);

-- The account's own settings of an entry, sealed.
CREATE TABLE IF NOT EXISTS vault_settings (
    account_id text NOT NULL,
    entry_id   text NOT NULL,
    body       bytea NOT NULL,
    dirty      boolean NOT NULL DEFAULT true,
    PRIMARY KEY (account_id, entry_id)
);

-- Attachment bytes, sealed.
CREATE TABLE IF NOT EXISTS vault_attachments (
    account_id text NOT NULL,
    id         text NOT NULL,
    entry_id   text NOT NULL,
    media_type text NOT NULL,
    body       bytea NOT NULL,
    folio_id   text,
    dirty      boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, id)
);

-- Where the account's fetch from Folio stands.
CREATE TABLE IF NOT EXISTS vault_sync (
    account_id      text PRIMARY KEY,
    cursor          text,
    last_fetch_at   timestamptz,
    last_synced_at  timestamptz
);

DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['vault_keys', 'vault_entries', 'vault_memberships', 'vault_settings',
                             'vault_attachments', 'vault_sync']
    LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
        EXECUTE format('DROP POLICY IF EXISTS account_rows ON %I', t);
        EXECUTE format(
            'CREATE POLICY account_rows ON %I USING (account_id = current_setting(''folio.account_id'', true)) '
            'WITH CHECK (account_id = current_setting(''folio.account_id'', true))', t);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO folio_vault', t);
    END LOOP;
END
$$;
