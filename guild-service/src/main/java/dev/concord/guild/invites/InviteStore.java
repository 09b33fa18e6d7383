package dev.concord.guild.invites;

import static dev.concord.guild.Columns.instant;
import static dev.concord.guild.Columns.integer;
import static dev.concord.guild.Columns.requiredInstant;
import static dev.concord.guild.Columns.requiredSnowflake;
import static dev.concord.guild.Columns.snowflake;

import dev.concord.guild.access.GuildRow;
import dev.concord.platform.ids.Snowflake;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The invites table. Reads join the guild and channel an invite leads to, so one statement gives all
 * of an invite object but its users; an expired invite is never read, whether or not its row is gone yet.
 */
@Component
final class InviteStore {

    private static final String SELECT_LIVE = """
            SELECT i.*, g.name AS guild_name, g.icon AS guild_icon, g.splash AS guild_splash, g.banner AS guild_banner,
                g.description AS guild_description, g.features AS guild_features,
                g.verification_level AS guild_verification_level, g.vanity_url_code AS guild_vanity_url_code,
                g.nsfw_level AS guild_nsfw_level, g.premium_subscription_count AS guild_premium_subscription_count,
                g.member_count AS guild_member_count, c.type AS channel_type, c.name AS channel_name
            FROM invites i JOIN guilds g ON g.id = i.guild_id JOIN channels c ON c.id = i.channel_id
            WHERE (i.expires_at IS NULL OR i.expires_at > :now)""";

    private final DatabaseClient db;

    InviteStore(DatabaseClient db) {
        this.db = db;
    }

    Mono<InviteRow> find(String code, Instant now) {
        return db.sql(SELECT_LIVE + " AND i.code = :code")
                .bind("now", now)
                .bind("code", code)
                .map(InviteStore::row)
                .one();
    }

    /** The channel's live invites, oldest first. */
    Flux<InviteRow> listByChannel(Snowflake channelId, Instant now) {
        return list("channel_id", channelId, now);
    }

    /** The guild's live invites, oldest first. */
    Flux<InviteRow> listByGuild(Snowflake guildId, Instant now) {
        return list("guild_id", guildId, now);
    }

    /** {@code column} names the channel or the guild, from this class, never from a request. */
    private Flux<InviteRow> list(String column, Snowflake id, Instant now) {
        return db.sql(SELECT_LIVE + " AND i." + column + " = :id ORDER BY i.created_at, i.code")
                .bind("now", now)
                .bind("id", id.value())
                .map(InviteStore::row)
                .all();
    }

    /** The newest live invite the same member made for the channel with exactly these settings. */
    Mono<InviteRow> findSimilar(NewInvite invite, Instant now) {
        DatabaseClient.GenericExecuteSpec select = db.sql(SELECT_LIVE + """
                         AND i.channel_id = :channel AND i.inviter_id = :inviter AND i.max_age = :maxAge
                        AND i.max_uses = :maxUses AND i.temporary = :temporary
                        AND i.target_type IS NOT DISTINCT FROM :targetType
                        AND i.target_user_id IS NOT DISTINCT FROM :targetUser
                        AND i.target_application_id IS NOT DISTINCT FROM :targetApplication
                        ORDER BY i.created_at DESC LIMIT 1""")
                .bind("now", now)
                .bind("channel", invite.channelId().value())
                .bind("inviter", invite.inviterId().value())
                .bind("maxAge", invite.maxAge())
                .bind("maxUses", invite.maxUses())
                .bind("temporary", invite.temporary());
        return bindTarget(select, invite).map(InviteStore::row).one();
    }

    /** Stores the invite under {@code code}; false, and nothing stored, when another invite has that code. */
    Mono<Boolean> insert(String code, NewInvite invite) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("""
                        INSERT INTO invites (code, guild_id, channel_id, inviter_id, max_age, max_uses, temporary,
                            target_type, target_user_id, target_application_id, created_at, expires_at)
                        VALUES (:code, :guild, :channel, :inviter, :maxAge, :maxUses, :temporary, :targetType,
                            :targetUser, :targetApplication, :createdAt, :expiresAt)
                        ON CONFLICT (code) DO NOTHING""")
                .bind("code", code)
                .bind("guild", invite.guildId().value())
                .bind("channel", invite.channelId().value())
                .bind("inviter", invite.inviterId().value())
                .bind("maxAge", invite.maxAge())
                .bind("maxUses", invite.maxUses())
                .bind("temporary", invite.temporary())
                .bind("createdAt", invite.createdAt());
        insert = invite.expiresAt() == null
                ? insert.bindNull("expiresAt", Instant.class)
                : insert.bind("expiresAt", invite.expiresAt());
        return bindTarget(insert, invite).fetch().rowsUpdated().map(rows -> rows > 0);
    }

    /** Counts one more use. */
    Mono<Void> use(String code) {
        return db.sql("UPDATE invites SET uses = uses + 1 WHERE code = :code")
                .bind("code", code)
                .then();
    }

    /** False when there was no such invite. */
    Mono<Boolean> delete(String code) {
        return db.sql("DELETE FROM invites WHERE code = :code")
                .bind("code", code)
                .fetch()
                .rowsUpdated()
                .map(rows -> rows > 0);
    }

    /** Removes the guild's expired invites, which are never read again. */
    Mono<Void> deleteExpired(Snowflake guildId, Instant now) {
        return db.sql("DELETE FROM invites WHERE guild_id = :guild AND expires_at <= :now")
                .bind("guild", guildId.value())
                .bind("now", now)
                .then();
    }

    private static DatabaseClient.GenericExecuteSpec bindTarget(
            DatabaseClient.GenericExecuteSpec spec, NewInvite invite) {
        spec = invite.targetType() == null
                ? spec.bindNull("targetType", Integer.class)
                : spec.bind("targetType", invite.targetType());
        spec = bindId(spec, "targetUser", invite.targetUserId());
        return bindId(spec, "targetApplication", invite.targetApplicationId());
    }

    private static DatabaseClient.GenericExecuteSpec bindId(
            DatabaseClient.GenericExecuteSpec spec, String name, @Nullable Snowflake id) {
        return id == null ? spec.bindNull(name, Long.class) : spec.bind(name, id.value());
    }

    private static InviteRow row(Readable row) {
        String[] features = row.get("guild_features", String[].class);
        Snowflake guildId = requiredSnowflake(row, "guild_id");
        Snowflake channelId = requiredSnowflake(row, "channel_id");
        InviteData.Guild guild = new InviteData.Guild(
                guildId,
                row.get("guild_name", String.class),
                row.get("guild_splash", String.class),
                row.get("guild_banner", String.class),
                row.get("guild_description", String.class),
                row.get("guild_icon", String.class),
                features == null ? List.of() : Arrays.asList(features),
                integer(row, "guild_verification_level"),
                row.get("guild_vanity_url_code", String.class),
                integer(row, "guild_nsfw_level"),
                GuildRow.nsfw(integer(row, "guild_nsfw_level")),
                integer(row, "guild_premium_subscription_count"));
        InviteData.Channel channel =
                new InviteData.Channel(channelId, integer(row, "channel_type"), row.get("channel_name", String.class));
        Number targetType = row.get("target_type", Number.class);
        return new InviteRow(
                row.get("code", String.class),
                guildId,
                channelId,
                snowflake(row, "inviter_id"),
                integer(row, "max_age"),
                integer(row, "max_uses"),
                integer(row, "uses"),
                Boolean.TRUE.equals(row.get("temporary", Boolean.class)),
                targetType == null ? null : targetType.intValue(),
                snowflake(row, "target_user_id"),
                snowflake(row, "target_application_id"),
                requiredInstant(row, "created_at"),
                instant(row, "expires_at"),
                guild,
                channel,
                integer(row, "guild_member_count"));
    }
}
