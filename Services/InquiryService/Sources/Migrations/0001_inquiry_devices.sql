-- What a device remembers of its inquiries (spec "Entries"): every inquiry it started or resumed, with the
-- access Folio gave it, and which one is current; and which inquiry each launch code it exchanged opened.
-- Forgetting an inquiry deletes its rows from both tables.
CREATE TABLE IF NOT EXISTS inquiry_device_inquiries (
    device_id      text NOT NULL,
    inquiry_id     text NOT NULL,
    organization_id text NOT NULL,
    correlation_id text NOT NULL,
    inquiry_token  text NOT NULL,
    saved_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (device_id, inquiry_id)
);

-- The current inquiry of a device: the one it started or resumed last.
CREATE TABLE IF NOT EXISTS inquiry_device_current (
    device_id  text PRIMARY KEY,
    inquiry_id text NOT NULL,
    FOREIGN KEY (device_id, inquiry_id) REFERENCES inquiry_device_inquiries (device_id, inquiry_id) ON DELETE CASCADE
);

-- Launch codes this device exchanged, hashed (SHA-256, hex) so the codes themselves are not kept.
CREATE TABLE IF NOT EXISTS inquiry_device_launch_codes (
    device_id  text NOT NULL,
    code_hash  text NOT NULL,
    inquiry_id text NOT NULL,
    PRIMARY KEY (device_id, code_hash),
    FOREIGN KEY (device_id, inquiry_id) REFERENCES inquiry_device_inquiries (device_id, inquiry_id) ON DELETE CASCADE
);
