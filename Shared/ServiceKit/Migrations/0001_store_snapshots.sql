-- Snapshots of mounted stores (DESIGN §5): written before a store's effects leave the process, so
-- another worker can adopt the store after a crash.
CREATE TABLE IF NOT EXISTS store_snapshots (
    store_id        text PRIMARY KEY,
    service         text NOT NULL,
    runtime_id      text NOT NULL,
    version         bigint NOT NULL,
    state           jsonb NOT NULL,
    pending_effects jsonb NOT NULL DEFAULT '[]'::jsonb,
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS store_snapshots_runtime ON store_snapshots (runtime_id);
