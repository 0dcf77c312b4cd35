-- The invites kept in vault_shares hold a ShareInvite's wire JSON. Its permission and status are plain strings
-- now ("VIEW", "PENDING"; docs/vault-store.md "Enums without payloads"), where they were {"type": ...} objects:
-- invites stored before are rewritten, so the view reads them. The owner is held to row-level security too
-- (FORCE), so the rewrite runs with it lifted for this transaction only.
ALTER TABLE vault_shares NO FORCE ROW LEVEL SECURITY;

UPDATE vault_shares
SET invite = invite
    || CASE WHEN jsonb_typeof(invite -> 'permission') = 'object'
            THEN jsonb_build_object('permission', invite -> 'permission' -> 'type') ELSE '{}'::jsonb END
    || CASE WHEN jsonb_typeof(invite -> 'status') = 'object'
            THEN jsonb_build_object('status', invite -> 'status' -> 'type') ELSE '{}'::jsonb END
WHERE jsonb_typeof(invite -> 'permission') = 'object' OR jsonb_typeof(invite -> 'status') = 'object';

ALTER TABLE vault_shares FORCE ROW LEVEL SECURITY;
