-- Which kind of store a snapshot is, and which worker owns the store; adoption after a worker dies
-- moves the owner with a compare-and-set, so only one worker takes a store over.
ALTER TABLE store_snapshots ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT '';
ALTER TABLE store_snapshots ADD COLUMN IF NOT EXISTS owner_worker text NOT NULL DEFAULT '';
