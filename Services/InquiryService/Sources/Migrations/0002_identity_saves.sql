-- The identity saves a worker prepared: the verified identity, the existing body and the mapper's answer,
-- kept before the vault write so that a save resumed by another worker can check the mapper's answer again.
CREATE TABLE inquiry_identity_saves (
    save_key text PRIMARY KEY,
    entry text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
