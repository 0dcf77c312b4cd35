-- ABANDONED is no longer an end (docs/documents.md, "Delivery"): the session's identity changed or its runtime
-- shut down before the delivery ended, and the identity's next session takes the delivery up again from the
-- stage it reached (RECEIVING without a record, CONFIRMING with one). The one end besides DONE is REFUSED: the
-- vault refused the invite for good (unknown, rejected or revoked), so nobody tries it again.
ALTER TABLE document_deliveries DROP CONSTRAINT IF EXISTS document_deliveries_stage_check;
ALTER TABLE document_deliveries ADD CONSTRAINT document_deliveries_stage_check
    CHECK (stage IN ('RECEIVING', 'CONFIRMING', 'DONE', 'ABANDONED', 'REFUSED'));

-- A pass of the account looks for the deliveries of the account that were abandoned.
CREATE INDEX IF NOT EXISTS document_deliveries_abandoned
    ON document_deliveries (account_id) WHERE stage = 'ABANDONED';
