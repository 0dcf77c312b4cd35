-- The session of each runtime: its identity (a guest account, or an authenticated account) and status.
-- A returning device starts with the identity its last runtime ended on, with status DEVICE.
CREATE TABLE IF NOT EXISTS runtime_sessions (
    runtime_id       text PRIMARY KEY REFERENCES runtimes (id),
    device_id        text NOT NULL REFERENCES devices (id),
    identity         jsonb NOT NULL,
    status           text NOT NULL CHECK (status IN ('DEVICE', 'ACTIVE', 'EXPIRED')),
    folio_session_id text,
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS runtime_sessions_device ON runtime_sessions (device_id, updated_at DESC);
