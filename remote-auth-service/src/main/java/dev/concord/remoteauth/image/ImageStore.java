package dev.concord.remoteauth.image;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.image.Image;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The bytes of the current images of users ({@code user_images}: avatar, banner) and applications
 * ({@code application_images}: icon, cover image); the owner's row holds the hash.
 */
@Component
public class ImageStore {

    /** Which image: its table, the column naming its owner there, and the value of its {@code kind} column. */
    public enum Kind {
        AVATAR("user_images", "user_id", "avatar"),
        BANNER("user_images", "user_id", "banner"),
        ICON("application_images", "application_id", "icon"),
        COVER_IMAGE("application_images", "application_id", "cover_image");

        private final String table;
        private final String owner;
        private final String column;

        Kind(String table, String owner, String column) {
            this.table = table;
            this.owner = owner;
            this.column = column;
        }
    }

    private final DatabaseClient db;

    public ImageStore(DatabaseClient db) {
        this.db = db;
    }

    /** Replaces the owner's image of this kind; returns the hash to store on the owner. */
    public Mono<String> put(Snowflake ownerId, Kind kind, Image image) {
        String hash = image.hash();
        return db.sql("INSERT INTO " + kind.table + " (" + kind.owner + ", kind, hash, content_type, data)"
                        + " VALUES (:owner, :kind, :hash, :content_type, :data)"
                        + " ON CONFLICT (" + kind.owner + ", kind) DO UPDATE SET hash = excluded.hash,"
                        + " content_type = excluded.content_type, data = excluded.data, created_at = now()")
                .bind("owner", ownerId.value())
                .bind("kind", kind.column)
                .bind("hash", hash)
                .bind("content_type", image.format().contentType())
                .bind("data", image.bytes())
                .then()
                .thenReturn(hash);
    }

    public Mono<Void> remove(Snowflake ownerId, Kind kind) {
        return db.sql("DELETE FROM " + kind.table + " WHERE " + kind.owner + " = :owner AND kind = :kind")
                .bind("owner", ownerId.value())
                .bind("kind", kind.column)
                .then();
    }
}
