-- Where each feed of Folio was read up to, so a restarted worker goes on from there.
CREATE TABLE IF NOT EXISTS folio_cursors (
    feed       text PRIMARY KEY,
    cursor     text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
