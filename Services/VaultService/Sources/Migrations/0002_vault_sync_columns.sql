-- What Folio has of each entry, so a push knows which steps to take: the entry's state at Folio as of
-- `revision`, whether the body changed since, and each settings blob's revision at Folio.
ALTER TABLE vault_entries ADD COLUMN IF NOT EXISTS folio_state text
    CHECK (folio_state IN ('ACTIVE', 'DELETED', 'PURGED'));
ALTER TABLE vault_entries ADD COLUMN IF NOT EXISTS body_dirty boolean NOT NULL DEFAULT true;
ALTER TABLE vault_settings ADD COLUMN IF NOT EXISTS revision bigint NOT NULL DEFAULT 0;
