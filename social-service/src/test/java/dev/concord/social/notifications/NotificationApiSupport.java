package dev.concord.social.notifications;

import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.USER_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.social.SocialApiSupport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The notification settings routes of the running service; each test works on users of its own. */
abstract class NotificationApiSupport extends SocialApiSupport {

    static final String NOTIFICATION_SETTINGS = "/users/@me/notification-settings";
    static final String BULK = "/users/@me/guilds/settings";
    static final String SNAPSHOTS = "/users/@me/notification-settings/snapshots";
    static final String GUILD = "81384788765712384";
    static final String OTHER_GUILD = "290926798626357250";
    static final String CHANNEL = "381870553235193857";
    static final String OTHER_CHANNEL = "381871767846780928";
    /** A snapshot that is not the caller's or not there. */
    static final JsonNode UNKNOWN_SNAPSHOT = json("{\"message\": \"Unknown Snapshot\", \"code\": 10105}");

    /** A stored user guild settings row. */
    record Row(JsonNode settings, long version) {}

    /**
     * A new user who is a member of {@link #GUILD} and {@link #OTHER_GUILD}, as guild.events tell this
     * service: settings are kept only for a user's own guilds.
     */
    Snowflake newMember() {
        Snowflake user = newUser();
        join(user, GUILD, OTHER_GUILD);
        return user;
    }

    /** Makes {@code user} a member of {@code guilds} by GUILD_MEMBER_ADD, and waits until they are known. */
    void join(Snowflake user, String... guilds) {
        for (String guild : guilds) {
            publish(
                    "guild.events",
                    guild,
                    GUILD_MEMBER_ADD,
                    Map.of("guild_id", guild),
                    json("{\"guild_id\": \"%s\", \"user\": {\"id\": \"%s\"}}".formatted(guild, user.asString())));
        }
        await("memberships arrive")
                .atMost(Duration.ofSeconds(20))
                .until(() -> db.sql(
                                        "SELECT count(*) AS n FROM guild_members WHERE user_id = :user AND guild_id = ANY(:guilds)")
                                .bind("user", user.value())
                                .bind(
                                        "guilds",
                                        Stream.of(guilds).map(Long::valueOf).toArray(Long[]::new))
                                .map(r -> r.get("n", Long.class))
                                .one()
                                .block(Duration.ofSeconds(5))
                        == guilds.length);
    }

    static String guildPath(String guild) {
        return "/users/@me/guilds/" + guild + "/settings";
    }

    Response patchGuild(Snowflake user, String guild, String body) {
        return as(user, HttpMethod.PATCH, guildPath(guild), body);
    }

    /** The row of {@code guild} (0 for private channels), or null. */
    Row row(Snowflake user, long guild) {
        return db.sql(
                        "SELECT settings::text AS settings, version FROM user_guild_settings WHERE user_id = :user AND guild_id = :guild")
                .bind("user", user.value())
                .bind("guild", guild)
                .map(r ->
                        new Row(Json.mapper().readTree(r.get("settings", String.class)), r.get("version", Long.class)))
                .one()
                .block(Duration.ofSeconds(5));
    }

    Row row(Snowflake user, String guild) {
        return row(user, Long.parseLong(guild));
    }

    long rowCount(String table, Snowflake user) {
        return db.sql("SELECT count(*) AS n FROM " + table + " WHERE user_id = :user")
                .bind("user", user.value())
                .map(r -> r.get("n", Long.class))
                .one()
                .block(Duration.ofSeconds(5));
    }

    /** The settings object a user has for a guild never written, as the body of a response shows it. */
    static JsonNode defaults(String guildIdJson) {
        return json("""
                {"channel_overrides": [], "flags": 0, "guild_id": %s, "hide_muted_channels": false,
                 "message_notifications": 3, "mobile_push": true, "mute_scheduled_events": false, "muted": false,
                 "mute_config": null, "notify_highlights": 0, "suppress_everyone": false, "suppress_roles": false,
                 "version": 0}""".formatted(guildIdJson));
    }

    /** {@code settings} as stored: the object without guild_id and version. */
    static JsonNode stored(JsonNode settings) {
        ObjectNode copy = (ObjectNode) settings.deepCopy();
        copy.remove(List.of("guild_id", "version"));
        return copy;
    }

    /**
     * Every event sent to {@code user} so far, but for the probe this makes: a change of the user's
     * settings (once per user), whose event shares the key of every event of the user's, so anything
     * published before it, a rejected request's event say, has arrived once it has.
     */
    List<JsonNode> eventsSoFar(Snowflake user) {
        assertThat(as(user, HttpMethod.PATCH, "/users/@me/settings", "{\"developer_mode\": true}")
                        .status())
                .isEqualTo(200);
        awaitEvent(USER_SETTINGS_UPDATE, user, e -> true);
        return events.all().stream()
                .filter(e -> !e.path("type").asString().equals(USER_SETTINGS_UPDATE))
                .filter(e ->
                        e.path("audience").path("user_ids").path(0).asString().equals(user.asString()))
                .toList();
    }

    /** The types of {@link #eventsSoFar}. */
    List<String> eventTypesSoFar(Snowflake user) {
        return eventsSoFar(user).stream().map(e -> e.path("type").asString()).toList();
    }
}
