package dev.concord.presence.statistics;

import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Parameters;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Play sessions and the statistics summed from them, in PostgreSQL. */
@Component
class PlayStore {

    /** The platform's own store: play bought through it counts towards {@code total_platform_sku_duration}. */
    static final String PLATFORM_DISTRIBUTOR = "discord";

    /** One row of a user's statistics of one game. */
    record Statistics(
            Snowflake userId,
            Snowflake applicationId,
            @Nullable OffsetDateTime firstPlayedAt,
            OffsetDateTime lastPlayedAt,
            long totalDuration,
            long totalPlatformSkuDuration,
            @Nullable OffsetDateTime lastSharedAt,
            long sharedDuration) {}

    private final DatabaseClient db;
    private final TransactionalOperator transactions;

    PlayStore(DatabaseClient db, TransactionalOperator transactions) {
        this.db = db;
        this.transactions = transactions;
    }

    /**
     * Records a report under {@code newToken}: the session {@code oldToken} names, if it is the user's, open
     * and of the same game, goes on (renamed); otherwise a new one starts. The seconds played are added
     * to the user's statistics of the game in the same transaction.
     */
    Mono<Void> record(Snowflake user, PlayReport report, @Nullable String oldToken, String newToken) {
        Snowflake application = Objects.requireNonNull(report.applicationId());
        byte[] next = hash(newToken);
        Mono<Long> continued = oldToken == null
                ? Mono.just(0L)
                : db.sql("""
                                UPDATE play_sessions SET token_hash = :next, updated_at = now(),
                                    duration = duration + :seconds, share_activity = :share, closed = :closed,
                                    distributor = coalesce(:distributor, distributor), exe_path = coalesce(:exe, exe_path),
                                    voice_channel_id = :voice, session_id = coalesce(:session, session_id),
                                    media_session_id = coalesce(:media, media_session_id)
                                WHERE token_hash = :previous AND user_id = :user AND application_id = :application
                                  AND NOT closed""")
                        .bind("previous", hash(oldToken))
                        .bindValues(reported(user, application, next, report))
                        .fetch()
                        .rowsUpdated();
        Mono<Void> started = db.sql("""
                        INSERT INTO play_sessions (token_hash, user_id, application_id, duration, share_activity,
                            distributor, exe_path, voice_channel_id, session_id, media_session_id, closed)
                        VALUES (:next, :user, :application, :seconds, :share, :distributor, :exe, :voice,
                            :session, :media, :closed)""")
                .bindValues(reported(user, application, next, report))
                .then();
        boolean platform = PLATFORM_DISTRIBUTOR.equals(report.distributor());
        Mono<Void> summed = db.sql("""
                        INSERT INTO play_statistics AS s (user_id, application_id, first_played_at, last_played_at,
                            total_duration, total_platform_sku_duration, last_shared_at, shared_duration)
                        VALUES (:user, :application, now(), now(), :seconds, :platformSeconds,
                            CASE WHEN :share THEN now() END, CASE WHEN :share THEN :seconds ELSE 0 END)
                        ON CONFLICT (user_id, application_id) DO UPDATE SET
                            last_played_at = now(),
                            first_played_at = coalesce(s.first_played_at, now()),
                            total_duration = s.total_duration + excluded.total_duration,
                            total_platform_sku_duration = s.total_platform_sku_duration
                                + excluded.total_platform_sku_duration,
                            last_shared_at = coalesce(excluded.last_shared_at, s.last_shared_at),
                            shared_duration = s.shared_duration + excluded.shared_duration""")
                .bind("user", user.value())
                .bind("application", application.value())
                .bind("seconds", report.seconds())
                .bind("platformSeconds", platform ? report.seconds() : 0L)
                .bind("share", report.shares())
                .then();
        return continued
                .flatMap(updated -> updated > 0 ? Mono.<Void>empty() : started)
                .then(summed)
                .as(transactions::transactional);
    }

    /** The user's own statistics, most recently played first. */
    Flux<Statistics> ofUser(Snowflake user) {
        return db.sql(
                        "SELECT * FROM play_statistics WHERE user_id = :user ORDER BY last_played_at DESC, application_id")
                .bind("user", user.value())
                .map((row, meta) -> statistics(row))
                .all();
    }

    /** What {@code users} shared of their play since {@code since}, most recent first, at most {@code limit}. */
    Flux<Statistics> sharedBy(List<Snowflake> users, OffsetDateTime since, int limit) {
        if (users.isEmpty()) {
            return Flux.empty();
        }
        return db.sql("""
                        SELECT * FROM play_statistics WHERE user_id = ANY(:users) AND last_shared_at >= :since
                        ORDER BY last_shared_at DESC, user_id, application_id LIMIT :limit""")
                .bind("users", users.stream().map(Snowflake::value).toArray(Long[]::new))
                .bind("since", since)
                .bind("limit", limit)
                .map((row, meta) -> statistics(row))
                .all();
    }

    /** What {@code users} shared of their play of one game, most recent first. */
    Flux<Statistics> sharedOf(Snowflake application, List<Snowflake> users) {
        if (users.isEmpty()) {
            return Flux.empty();
        }
        return db.sql("""
                        SELECT * FROM play_statistics
                        WHERE application_id = :application AND user_id = ANY(:users) AND last_shared_at IS NOT NULL
                        ORDER BY last_shared_at DESC, user_id""")
                .bind("application", application.value())
                .bind("users", users.stream().map(Snowflake::value).toArray(Long[]::new))
                .map((row, meta) -> statistics(row))
                .all();
    }

    private static Statistics statistics(io.r2dbc.spi.Readable row) {
        return new Statistics(
                Snowflake.of(Objects.requireNonNull(row.get("user_id", Long.class))),
                Snowflake.of(Objects.requireNonNull(row.get("application_id", Long.class))),
                row.get("first_played_at", OffsetDateTime.class),
                Objects.requireNonNull(row.get("last_played_at", OffsetDateTime.class)),
                Objects.requireNonNull(row.get("total_duration", Long.class)),
                Objects.requireNonNull(row.get("total_platform_sku_duration", Long.class)),
                row.get("last_shared_at", OffsetDateTime.class),
                Objects.requireNonNull(row.get("shared_duration", Long.class)));
    }

    /** A report's parameters, shared by the statement that goes on with a session and the one that starts it. */
    private static Map<String, Object> reported(
            Snowflake user, Snowflake application, byte[] token, PlayReport report) {
        Map<String, Object> values = new HashMap<>();
        values.put("next", token);
        values.put("user", user.value());
        values.put("application", application.value());
        values.put("seconds", report.seconds());
        values.put("share", report.shares());
        values.put("closed", report.ends());
        values.put("distributor", nullable(report.distributor(), String.class));
        values.put("exe", nullable(report.exePath(), String.class));
        Snowflake voice = report.voiceChannelId();
        values.put("voice", voice == null ? Parameters.in(Long.class) : voice.value());
        values.put("session", nullable(report.sessionId(), String.class));
        values.put("media", nullable(report.mediaSessionId(), String.class));
        return values;
    }

    /** A value, or a typed null: the driver needs a null's type. */
    private static Object nullable(@Nullable Object value, Class<?> type) {
        return value == null ? Parameters.in(type) : value;
    }

    static byte[] hash(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
