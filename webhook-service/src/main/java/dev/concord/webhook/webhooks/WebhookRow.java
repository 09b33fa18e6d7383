package dev.concord.webhook.webhooks;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiException;
import io.r2dbc.spi.Row;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;

/** A row of {@code webhooks}. */
record WebhookRow(
        Snowflake id,
        int type,
        Snowflake guildId,
        Snowflake channelId,
        @Nullable Snowflake creatorId,
        @Nullable Snowflake applicationId,
        String name,
        @Nullable String avatar,
        @Nullable String token,
        @Nullable Source source) {

    /** What a channel follower webhook follows: the announcement channel and its guild, as named when followed. */
    record Source(
            Snowflake guildId, String guildName, @Nullable String guildIcon, Snowflake channelId, String channelName) {}

    /** Posts with a generated token. */
    static final int INCOMING = 1;
    /** Made by channel following; no token of its own. */
    static final int CHANNEL_FOLLOWER = 2;
    /** An application's, used with interactions; its token only to that application. */
    static final int APPLICATION = 3;

    static WebhookRow read(Row row) {
        return new WebhookRow(
                Snowflake.of(Objects.requireNonNull(row.get("id", Long.class))),
                Objects.requireNonNull(row.get("type", Short.class)),
                Snowflake.of(Objects.requireNonNull(row.get("guild_id", Long.class))),
                Snowflake.of(Objects.requireNonNull(row.get("channel_id", Long.class))),
                id(row.get("creator_id", Long.class)),
                id(row.get("application_id", Long.class)),
                Objects.requireNonNull(row.get("name", String.class)),
                row.get("avatar", String.class),
                row.get("token", String.class),
                source(row));
    }

    private static @Nullable Source source(Row row) {
        Long channel = row.get("source_channel_id", Long.class);
        if (channel == null) {
            return null;
        }
        return new Source(
                Snowflake.of(Objects.requireNonNull(row.get("source_guild_id", Long.class))),
                Objects.requireNonNullElse(row.get("source_guild_name", String.class), ""),
                row.get("source_guild_icon", String.class),
                Snowflake.of(channel),
                Objects.requireNonNullElse(row.get("source_channel_name", String.class), ""));
    }

    /** Whether {@code given} is this webhook's token, compared in constant time. */
    boolean tokenMatches(String given) {
        String own = token;
        return own != null
                && MessageDigest.isEqual(own.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
    }

    /** This webhook, when {@code given} is its token; 401 50027 otherwise. */
    WebhookRow requireToken(String given) {
        if (!tokenMatches(given)) {
            throw new ApiException(HttpStatus.UNAUTHORIZED, 50027, "Invalid Webhook Token");
        }
        return this;
    }

    /** Whether the application acting is the one this webhook belongs to. */
    boolean ownedBy(@Nullable Snowflake application) {
        return application != null && application.equals(applicationId);
    }

    WebhookRow withChanges(String newName, @Nullable String newAvatar, Snowflake newChannel) {
        return new WebhookRow(
                id, type, guildId, newChannel, creatorId, applicationId, newName, newAvatar, token, source);
    }

    private static @Nullable Snowflake id(@Nullable Long value) {
        return value == null ? null : Snowflake.of(value);
    }

    @Override
    public String toString() {
        // Never the token: rows end up in logs and assertion messages.
        return "WebhookRow[id=" + id + ", type=" + type + ", channel=" + channelId + "]";
    }
}
