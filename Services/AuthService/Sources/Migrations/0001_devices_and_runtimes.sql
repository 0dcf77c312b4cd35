-- Devices: a returning client presents its device credential and is the same device.
CREATE TABLE IF NOT EXISTS devices (
    id          text PRIMARY KEY,
    secret_hash bytea NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Runtimes: one per thin-client device connection. Only the hash of the bearer token is stored.
CREATE TABLE IF NOT EXISTS runtimes (
    id              text PRIMARY KEY,
    organization_id text NOT NULL,
    device_id       text NOT NULL REFERENCES devices (id),
    token_hash      bytea NOT NULL,
    locale          text,
    capabilities    jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at      timestamptz NOT NULL DEFAULT now(),
    shut_down_at    timestamptz
);
CREATE INDEX IF NOT EXISTS runtimes_device ON runtimes (device_id);
