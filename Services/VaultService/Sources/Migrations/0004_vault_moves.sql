-- A transient vault that was copied into an account's on sign-in: a write that reaches the transient vault
-- afterwards (it was under way during the copy) is copied after it.
CREATE TABLE IF NOT EXISTS vault_moves (
    account_id text PRIMARY KEY,
    to_account text NOT NULL,
    moved_at   timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE vault_moves ENABLE ROW LEVEL SECURITY;
ALTER TABLE vault_moves FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS account_rows ON vault_moves;
CREATE POLICY account_rows ON vault_moves
    USING (account_id = current_setting('folio.account_id', true))
    WITH CHECK (account_id = current_setting('folio.account_id', true));
GRANT SELECT, INSERT, UPDATE, DELETE ON vault_moves TO folio_vault;
