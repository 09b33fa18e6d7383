package dev.concord.guild.voice.keys;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.time.ZoneOffset;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code voice_public_keys} table: each person's uploaded voice keys; each method is one statement. */
@Component
final class VoiceKeyStore {

    private final DatabaseClient db;

    VoiceKeyStore(DatabaseClient db) {
        this.db = db;
    }

    /**
     * Holds the person's keys until the transaction ends, so two uploads at once keep and prune one after
     * the other. (Advisory lock ids are shared with emoji's application locks; a bot's id may equal its
     * application's, but bots upload no keys, and a collision would only make one wait.)
     */
    Mono<Void> lock(Snowflake userId) {
        return db.sql("SELECT pg_advisory_xact_lock(:user)")
                .bind("user", userId.value())
                .then();
    }

    /** Keeps the key as uploaded now; one uploaded before becomes the most recent again. */
    Mono<Void> keep(Snowflake userId, int keyVersion, byte[] publicKey, Instant now) {
        return db.sql("""
                        INSERT INTO voice_public_keys (user_id, key_version, public_key, created_at)
                        VALUES (:user, :version, :key, :now)
                        ON CONFLICT (user_id, key_version, public_key) DO UPDATE SET created_at = EXCLUDED.created_at""")
                .bind("user", userId.value())
                .bind("version", keyVersion)
                .bind("key", publicKey)
                .bind("now", now.atOffset(ZoneOffset.UTC))
                .then();
    }

    /** Forgets all but the person's {@code kept} most recent keys. */
    Mono<Void> keepOnlyRecent(Snowflake userId, int kept) {
        return db.sql("""
                        DELETE FROM voice_public_keys WHERE user_id = :user AND (key_version, public_key) NOT IN (
                            SELECT key_version, public_key FROM voice_public_keys WHERE user_id = :user
                            ORDER BY created_at DESC LIMIT :kept)""").bind("user", userId.value()).bind("kept", kept).then();
    }

    /** The person's keys of this version, in the uncompressed form they are kept in. */
    Flux<byte[]> keys(Snowflake userId, int keyVersion) {
        return db.sql("SELECT public_key FROM voice_public_keys WHERE user_id = :user AND key_version = :version")
                .bind("user", userId.value())
                .bind("version", keyVersion)
                .map(row -> row.get("public_key", byte[].class))
                .all();
    }
}
