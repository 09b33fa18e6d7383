package dev.concord.social.relationships;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.UserDirectory;
import io.r2dbc.spi.Readable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.json.JsonMapper;

/**
 * A user's relationship list, rendered once per version and served from memory while the version
 * stands. The version (table {@code relationship_lists}) is bumped by triggers whenever one of the
 * user's rows changes or a user the list shows changes in the replica, in the transaction that makes the
 * change; so any replica of this service reads its user's own writes, and a request whose rendering is
 * current costs one primary-key lookup. A list of a thousand relationships is ~300 KB of JSON: rendering
 * and compressing it on every request would cost milliseconds of CPU each, reading a version costs a
 * fraction of one.
 */
@Component
final class RelationshipLists {

    /** A rendering of one list: its JSON, gzipped once for the clients that accept it. */
    record Rendered(long version, byte[] json, byte[] gzip) {
        String etag() {
            return "\"r" + version + "\"";
        }
    }

    private record Key(long userId, boolean withImplicit) {}

    private final DatabaseClient db;
    private final UserDirectory users;
    private final JsonMapper mapper;
    private final Cache<Key, Rendered> renderings;

    RelationshipLists(DatabaseClient db, UserDirectory users, JsonMapper mapper) {
        this.db = db;
        this.users = users;
        this.mapper = mapper;
        this.renderings = Caffeine.newBuilder()
                .maximumWeight(64L << 20)
                .weigher((Key key, Rendered rendered) -> rendered.json().length + rendered.gzip().length)
                .build();
    }

    /**
     * The user's relationships as the list endpoint answers them; IMPLICIT ones only when asked
     * ({@code withImplicit}, which only OAuth2 callers may ask).
     */
    Mono<Rendered> render(Snowflake userId, boolean withImplicit) {
        Key key = new Key(userId.value(), withImplicit);
        // The version is read before the rows: a rendering is never labelled newer than what it shows.
        return version(userId).flatMap(version -> {
            Rendered cached = renderings.getIfPresent(key);
            if (cached != null && cached.version() == version) {
                return Mono.just(cached);
            }
            return list(userId, withImplicit)
                    .publishOn(Schedulers.parallel())
                    .map(relationships -> render(version, relationships))
                    .doOnNext(rendered -> renderings
                            .asMap()
                            .merge(key, rendered, (old, fresh) -> fresh.version() >= old.version() ? fresh : old));
        });
    }

    private Mono<Long> version(Snowflake userId) {
        return db.sql("SELECT version FROM relationship_lists WHERE user_id = :user")
                .bind("user", userId.value())
                .map(row -> row.get("version", Long.class))
                .one()
                .defaultIfEmpty(0L);
    }

    /** One statement: the rows and the users they show; the users the replica misses in one more lookup. */
    private Mono<List<RelationshipData>> list(Snowflake userId, boolean withImplicit) {
        return db.sql(
                        "SELECT r.user_id, r.target_id, r.type, r.nickname, r.user_ignored, r.is_spam_request, r.stranger_request, "
                                + "r.origin_application_id, r.since, u.username, u.discriminator, u.global_name, u.avatar, u.public_flags, u.bot "
                                + "FROM relationships r LEFT JOIN user_replica u ON u.id = r.target_id "
                                + "WHERE r.user_id = :user" + (withImplicit ? "" : " AND r.type <> 5")
                                + " ORDER BY r.since, r.target_id")
                .bind("user", userId.value())
                .map(RelationshipLists::read)
                .all()
                .collectList()
                .flatMap(rows -> users.complete(rows, RelationshipData::of));
    }

    private static UserDirectory.Joined<RelationshipRow> read(Readable row) {
        RelationshipRow relationship = RelationshipStore.read(row);
        return new UserDirectory.Joined<>(
                relationship, relationship.targetId(), UserDirectory.fromJoinedRow(row, relationship.targetId()));
    }

    private Rendered render(long version, List<RelationshipData> relationships) {
        byte[] json = mapper.writeValueAsBytes(relationships);
        ByteArrayOutputStream compressed = new ByteArrayOutputStream(json.length / 4 + 64);
        try (GZIPOutputStream gzip = new GZIPOutputStream(compressed)) {
            gzip.write(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Rendered(version, json, compressed.toByteArray());
    }
}
