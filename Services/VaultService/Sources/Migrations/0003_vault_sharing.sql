-- Sharing: each account's key pairs (an X25519 box pair that records are sealed to, an Ed25519 pair that
-- signs invites; the secret halves sealed with the account's data key), and the invites Folio reported.
CREATE TABLE IF NOT EXISTS vault_account_keys (
    account_id       text PRIMARY KEY,
    box_public       bytea NOT NULL,
    box_secret       bytea NOT NULL,
    sign_public      bytea NOT NULL,
    sign_seed        bytea NOT NULL,
    published        boolean NOT NULL DEFAULT false
);

CREATE TABLE IF NOT EXISTS vault_shares (
    account_id text NOT NULL,
    id         text NOT NULL,
    direction  text NOT NULL CHECK (direction IN ('INCOMING', 'OUTGOING')),
    invite     jsonb NOT NULL,
    PRIMARY KEY (account_id, id)
);

DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['vault_account_keys', 'vault_shares']
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
