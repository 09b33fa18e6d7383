-- Persistent voice keys (PUT /voice/public-keys): the P-256 public keys a person's clients keep for voice
-- encryption, one per login, each checked against its self-signature when uploaded. public_key is the
-- X9.62 uncompressed point (65 bytes) whichever form was sent, so a key matches itself however written.
-- created_at: when it was last uploaded; a person keeps their ten most recent (VoiceKeyService).
CREATE TABLE voice_public_keys (
    user_id     BIGINT      NOT NULL,
    key_version INTEGER     NOT NULL,
    public_key  BYTEA       NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, key_version, public_key)
);
