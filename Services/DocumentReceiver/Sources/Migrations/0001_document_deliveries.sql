-- The delivery journal of issued documents (docs/documents.md, "Delivery"): one row per invite the
-- DocumentReceiver accepts, claimed with a lease before anything reaches Folio. A process that dies mid-delivery
-- leaves its row unfinished; once the lease ran out another process takes it over and finishes the delivery, with
-- the same idempotency keys, so an invite is accepted once and its delivery confirmed once.
CREATE TABLE IF NOT EXISTS document_deliveries (
    account_id   text NOT NULL,
    invite_id    text NOT NULL,
    issuance_id  text NOT NULL,
    -- The runtime whose session the delivery acts for (its Folio access and its vault).
    runtime_id   text NOT NULL,
    -- RECEIVING: the invite is being accepted into the vault; CONFIRMING: the document is in the vault, the
    -- delivery is being confirmed; DONE; ABANDONED: the session's identity changed before the delivery ended.
    stage        text NOT NULL CHECK (stage IN ('RECEIVING', 'CONFIRMING', 'DONE', 'ABANDONED')),
    record_id    text,
    claimed_by   text NOT NULL,
    lease_until  timestamptz NOT NULL,
    attempts     integer NOT NULL DEFAULT 1,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    -- An invite is addressed to one account: the pair names a delivery.
    PRIMARY KEY (account_id, invite_id)
);

-- The sweep looks for unfinished deliveries whose lease ran out.
CREATE INDEX IF NOT EXISTS document_deliveries_unfinished
    ON document_deliveries (lease_until) WHERE stage IN ('RECEIVING', 'CONFIRMING');
