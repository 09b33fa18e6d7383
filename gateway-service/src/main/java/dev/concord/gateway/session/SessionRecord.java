package dev.concord.gateway.session;

import dev.concord.gateway.protocol.Shard;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.TokenKind;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A session as the directory keeps it in Redis: enough for another instance to adopt it, and when it
 * started ({@code since}: no event before then is for it), and its last number at its last heartbeat
 * ({@code seq}: an idle session's frames may all be older than the replay log keeps). The token is
 * not kept: a Resume brings it again and must name the same user.
 */
record SessionRecord(
        String id,
        Principal principal,
        long intents,
        Session.Home home,
        Instant since,
        long seq,
        @Nullable Shard shard) {

    static String key(RedisSettings keys, String sessionId) {
        return keys.key("gateway:session:" + sessionId);
    }

    static String homeKey(RedisSettings keys, String home) {
        return keys.key("gateway:home:" + home + ":sessions");
    }

    static Map<String, String> fields(Session session, String instance) {
        Principal principal = session.principal();
        Snowflake application = principal.applicationId();
        Shard shard = session.shard();
        return Map.of(
                "user_id", principal.userId().asString(),
                "kind", principal.kind().name(),
                "application_id", application == null ? "" : application.asString(),
                "intents", Long.toString(session.intents()),
                "home", session.home(),
                "ordinal", Long.toString(session.ordinal()),
                "instance", instance,
                "since", Long.toString(session.since().toEpochMilli()),
                "seq", Long.toString(session.seq()),
                "shard", shard == null ? "" : shard.asText());
    }

    /** The record of {@code id}, or null when its fields are missing or unreadable (an older instance wrote them). */
    static @Nullable SessionRecord parse(String id, Map<String, String> fields) {
        try {
            String application = fields.getOrDefault("application_id", "");
            Principal principal = new Principal(
                    Snowflake.parse(fields.get("user_id")),
                    TokenKind.valueOf(requireText(fields.get("kind"))),
                    application.isEmpty() ? null : Snowflake.parse(application),
                    Set.of(),
                    0,
                    Instant.EPOCH);
            Session.Home home =
                    new Session.Home(requireText(fields.get("home")), Long.parseLong(fields.get("ordinal")));
            return new SessionRecord(
                    id,
                    principal,
                    Long.parseLong(fields.get("intents")),
                    home,
                    Instant.ofEpochMilli(Long.parseLong(fields.get("since"))),
                    Long.parseLong(fields.getOrDefault("seq", "0")),
                    Shard.fromText(fields.getOrDefault("shard", "")));
        } catch (RuntimeException unreadable) {
            return null;
        }
    }

    private static String requireText(@Nullable String value) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("missing");
        }
        return value;
    }
}
