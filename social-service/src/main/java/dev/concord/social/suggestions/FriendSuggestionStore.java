package dev.concord.social.suggestions;

import dev.concord.platform.events.Change;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import io.r2dbc.spi.Readable;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** Suggestions computed in one statement from imported contacts and friends of friends. */
@Component
final class FriendSuggestionStore {

    static final int LIMIT = 50;

    private static final String SUGGESTIONS = """
            WITH mine AS (SELECT platform, external_id FROM platform_accounts WHERE user_id = :me),
            contact AS (
                SELECT a.user_id AS suggested,
                       jsonb_agg(jsonb_build_object('type', 1, 'platform', f.platform, 'name', f.name) ORDER BY f.platform) AS reasons
                FROM external_friends f JOIN platform_accounts a ON a.platform = f.platform AND a.external_id = f.external_id
                WHERE f.user_id = :me
                GROUP BY a.user_id),
            friend_of_friend AS (
                SELECT b.target_id AS suggested, count(*) AS mutual
                FROM relationships a JOIN relationships b ON b.user_id = a.target_id AND b.type = 1
                WHERE a.user_id = :me AND a.type = 1
                GROUP BY b.target_id),
            candidates AS (
                SELECT COALESCE(c.suggested, f.suggested) AS suggested, COALESCE(c.reasons, '[]'::jsonb) AS reasons,
                       COALESCE(f.mutual, 0) AS mutual
                FROM contact c FULL JOIN friend_of_friend f ON f.suggested = c.suggested)
            SELECT c.suggested, c.reasons::text AS reasons,
                   EXISTS (SELECT 1 FROM external_friends x JOIN mine m ON m.platform = x.platform AND m.external_id = x.external_id
                           WHERE x.user_id = c.suggested) AS from_contacts,
                   u.username, u.discriminator, u.global_name, u.avatar, u.public_flags, u.bot
            FROM candidates c JOIN user_replica u ON u.id = c.suggested AND NOT u.bot
            WHERE c.suggested <> :me
              AND NOT EXISTS (SELECT 1 FROM relationships r WHERE r.user_id = :me AND r.target_id = c.suggested)
              AND NOT EXISTS (SELECT 1 FROM relationships r WHERE r.user_id = c.suggested AND r.target_id = :me AND r.type = 2)
              AND NOT EXISTS (SELECT 1 FROM dismissed_friend_suggestions d WHERE d.user_id = :me AND d.suggested_user_id = c.suggested)
            ORDER BY jsonb_array_length(c.reasons) DESC, c.mutual DESC, c.suggested
            LIMIT %d""".formatted(LIMIT);

    private final DatabaseClient db;
    private final JsonMapper mapper;

    FriendSuggestionStore(DatabaseClient db, JsonMapper mapper) {
        this.db = db;
        this.mapper = mapper;
    }

    Flux<FriendSuggestionData> suggestionsFor(Snowflake me) {
        return db.sql(SUGGESTIONS).bind("me", me.value()).map(this::read).all();
    }

    /** Records the dismissal; returns the user's id once, or nothing when it was already dismissed. */
    Change<Long> dismiss(Snowflake me, Snowflake suggested) {
        return Change.of("""
                        INSERT INTO dismissed_friend_suggestions (user_id, suggested_user_id) VALUES (:me, :suggested)
                        ON CONFLICT DO NOTHING RETURNING user_id""", row -> row.get("user_id", Long.class))
                .bind("me", me.value())
                .bind("suggested", suggested.value());
    }

    /** Replaces what {@code user} linked and imported on {@code platform}. Run in a transaction. */
    Mono<Void> replaceContacts(
            Snowflake user,
            String platform,
            PlatformContactsRequest.@Nullable Account account,
            List<PlatformContactsRequest.Account> friends) {
        Mono<Void> forgetAccount = db.sql(
                        "DELETE FROM platform_accounts WHERE user_id = :user AND platform = :platform")
                .bind("user", user.value())
                .bind("platform", platform)
                .then();
        Mono<Void> linkAccount = account == null
                ? Mono.empty()
                : db.sql("""
                        INSERT INTO platform_accounts (platform, external_id, user_id, name) VALUES (:platform, :id, :user, :name)
                        ON CONFLICT (platform, external_id) DO UPDATE SET user_id = EXCLUDED.user_id, name = EXCLUDED.name""")
                        .bind("platform", platform)
                        .bind("id", account.id())
                        .bind("user", user.value())
                        .bind("name", account.nameOrId())
                        .then();
        Mono<Void> forgetFriends = db.sql("DELETE FROM external_friends WHERE user_id = :user AND platform = :platform")
                .bind("user", user.value())
                .bind("platform", platform)
                .then();
        Mono<Void> importFriends = friends.isEmpty()
                ? Mono.empty()
                : db.sql("""
                        INSERT INTO external_friends (user_id, platform, external_id, name)
                        SELECT :user, :platform, f.id, f.name FROM unnest(:ids::text[], :names::text[]) AS f (id, name)
                        ON CONFLICT DO NOTHING""")
                        .bind("user", user.value())
                        .bind("platform", platform)
                        .bind(
                                "ids",
                                friends.stream()
                                        .map(PlatformContactsRequest.Account::id)
                                        .toArray(String[]::new))
                        .bind(
                                "names",
                                friends.stream()
                                        .map(PlatformContactsRequest.Account::nameOrId)
                                        .toArray(String[]::new))
                        .then();
        return forgetAccount.then(linkAccount).then(forgetFriends).then(importFriends);
    }

    private FriendSuggestionData read(Readable row) {
        Snowflake id = Snowflake.of(row.get("suggested", Long.class));
        // The query joins user_replica: every suggested user is in it.
        PartialUser user = Objects.requireNonNull(UserDirectory.fromJoinedRow(row, id), "user_replica");
        List<FriendSuggestionData.Reason> reasons =
                List.of(mapper.readValue(row.get("reasons", String.class), FriendSuggestionData.Reason[].class));
        return new FriendSuggestionData(
                user, reasons, Boolean.TRUE.equals(row.get("from_contacts", Boolean.class)), null);
    }
}
