package dev.concord.social.relationships;

import dev.concord.platform.ids.Snowflake;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Whether a user may send another a friend request, and how the request is marked, from what this
 * service knows of both: the target's friend source flags, mutual friends, mutual guilds (the guild
 * membership replica) and the sender's recent requests. One statement.
 *
 * <ul>
 *   <li>A request is allowed when the target's {@code friend_source_flags} has {@code all}, or
 *       {@code mutual_friends} and the two share a friend, or {@code mutual_guilds} and they share a guild.
 *       A new account has {@code {"all": true}}.
 *   <li>{@code stranger_request}: no mutual friend and no mutual guild of at most {@value #SMALL_GUILD}
 *       members (the platform's wording: "no mutual friend or small mutual guild").
 *   <li>{@code is_spam_request}: a stranger request from a sender who already has
 *       {@value #SPAM_BURST} or more stranger requests pending that they sent in the last hour.
 * </ul>
 */
@Component
final class FriendRequestPolicy {

    static final int SMALL_GUILD = 200;
    static final int SPAM_BURST = 10;

    /** What the policy knows about a sender and a target. */
    record Facts(boolean allowed, boolean stranger, boolean spam) {}

    private final DatabaseClient db;

    FriendRequestPolicy(DatabaseClient db) {
        this.db = db;
    }

    Mono<Facts> facts(Snowflake sender, Snowflake target) {
        return db.sql("""
                        WITH flags AS (
                            SELECT COALESCE((SELECT settings -> 'friend_source_flags' FROM user_settings WHERE user_id = :target),
                                            '{"all": true}'::jsonb) AS f),
                        mutual AS (
                            SELECT EXISTS (SELECT 1 FROM relationships a JOIN relationships b ON a.target_id = b.target_id
                                           WHERE a.user_id = :sender AND a.type = 1 AND b.user_id = :target AND b.type = 1) AS friend,
                                   EXISTS (SELECT 1 FROM guild_members a JOIN guild_members b ON a.guild_id = b.guild_id
                                           WHERE a.user_id = :sender AND b.user_id = :target) AS guild,
                                   EXISTS (SELECT 1 FROM guild_members a JOIN guild_members b ON a.guild_id = b.guild_id
                                           WHERE a.user_id = :sender AND b.user_id = :target
                                             AND (SELECT count(*) FROM (SELECT 1 FROM guild_members c WHERE c.guild_id = a.guild_id
                                                                        LIMIT %d) s) <= %d) AS small_guild)
                        SELECT (f ->> 'all')::boolean IS TRUE
                                   OR ((f ->> 'mutual_friends')::boolean IS TRUE AND friend)
                                   OR ((f ->> 'mutual_guilds')::boolean IS TRUE AND guild) AS allowed,
                               NOT friend AND NOT small_guild AS stranger,
                               (SELECT count(*) FROM relationships r
                                WHERE r.target_id = :sender AND r.type = 3 AND r.stranger_request
                                  AND r.since > now() - interval '1 hour') AS recent_stranger_requests
                        FROM flags, mutual""".formatted(SMALL_GUILD + 1, SMALL_GUILD))
                .bind("sender", sender.value())
                .bind("target", target.value())
                .map(row -> {
                    boolean stranger = Boolean.TRUE.equals(row.get("stranger", Boolean.class));
                    long recent = row.get("recent_stranger_requests", Long.class);
                    return new Facts(
                            Boolean.TRUE.equals(row.get("allowed", Boolean.class)),
                            stranger,
                            stranger && recent >= SPAM_BURST);
                })
                .one();
    }
}
