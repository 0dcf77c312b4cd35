-- The client's keys of a store's last dispatched actions (store.dispatch's dispatchId), stored with the state
-- they went into, so an action sent again after a lost answer is not applied twice, after an adoption too.
ALTER TABLE store_snapshots ADD COLUMN IF NOT EXISTS dispatch_ids jsonb NOT NULL DEFAULT '[]';
