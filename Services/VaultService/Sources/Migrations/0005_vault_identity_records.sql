-- Identity records (vaultinternal.saveIdentityRecord): the record that holds the identity of one physical
-- document, found by its fingerprint. The fingerprint is kept only as a keyed BLAKE2b hash; the key belongs to
-- the account named in hash_key_account (derived from the key-encryption key), which stays the guest's for the
-- rows a sign-in copied from a transient vault.
CREATE TABLE IF NOT EXISTS vault_identity_records (
    account_id       text NOT NULL,
    hash_key_account text NOT NULL,
    fingerprint_hash bytea NOT NULL,
    entry_id         text NOT NULL,
    updated_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, hash_key_account, fingerprint_hash)
);

-- Each save's answer by the caller's save id, so a retry returns it and writes nothing again.
CREATE TABLE IF NOT EXISTS vault_identity_saves (
    account_id     text NOT NULL,
    save_id        text NOT NULL,
    entry_id       text NOT NULL,
    attachment_ids jsonb NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, save_id)
);

DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['vault_identity_records', 'vault_identity_saves']
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
