-- A vault's conflicts are counted with every read-back of a write (`conflicts` of the view). Without an index
-- on them that count scanned vault_entries whole, every account's rows, so each write cost more as the table
-- grew; with this one it reads only the account's entries in conflict (almost always none).
CREATE INDEX IF NOT EXISTS vault_entries_conflict ON vault_entries (account_id) WHERE conflict <> 'NONE';
