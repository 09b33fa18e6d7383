package dev.concord.remoteauth.image;

import dev.concord.platform.ids.Snowflake;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The bytes of each user's current avatar and banner ({@code user_images}); the user row holds the hash. */
@Component
public class ImageStore {

    /** Which of a user's images; the value is the {@code kind} column. */
    public enum Kind {
        AVATAR("avatar"),
        BANNER("banner");

        private final String column;

        Kind(String column) {
            this.column = column;
        }
    }

    private final DatabaseClient db;

    public ImageStore(DatabaseClient db) {
        this.db = db;
    }

    /** Replaces the user's image of this kind; returns the hash to store on the user. */
    public Mono<String> put(Snowflake userId, Kind kind, Image image) {
        String hash = image.hash();
        return db.sql("""
                        INSERT INTO user_images (user_id, kind, hash, content_type, data)
                        VALUES (:user_id, :kind, :hash, :content_type, :data)
                        ON CONFLICT (user_id, kind) DO UPDATE
                        SET hash = excluded.hash, content_type = excluded.content_type, data = excluded.data, created_at = now()
                        """)
                .bind("user_id", userId.value())
                .bind("kind", kind.column)
                .bind("hash", hash)
                .bind("content_type", image.format().contentType())
                .bind("data", image.bytes())
                .then()
                .thenReturn(hash);
    }

    public Mono<Void> remove(Snowflake userId, Kind kind) {
        return db.sql("DELETE FROM user_images WHERE user_id = :user_id AND kind = :kind")
                .bind("user_id", userId.value())
                .bind("kind", kind.column)
                .then();
    }
}
