package dev.concord.guild.invites;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.List;
import java.util.stream.StreamSupport;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** What the invite tests share: a guild with a channel of each kind, and shorthands for the invite calls. */
abstract class InviteApiSupport extends GuildApiSupport {

    static final JsonNode MISSING_PERMISSIONS = json("{\"message\": \"Missing Permissions\", \"code\": 50013}");
    static final JsonNode MISSING_ACCESS = json("{\"message\": \"Missing Access\", \"code\": 50001}");
    static final JsonNode UNKNOWN_INVITE = json("{\"message\": \"Unknown Invite\", \"code\": 10006}");
    static final JsonNode UNKNOWN_CHANNEL = json("{\"message\": \"Unknown Channel\", \"code\": 10003}");
    static final List<String> METADATA = List.of("uses", "max_uses", "max_age", "temporary", "created_at");

    record Guild(String id, Snowflake owner, String general, String voice, String category) {}

    Guild newGuild() {
        Snowflake owner = newUser("owner");
        String id =
                createGuild(owner, "{\"name\": \"Invites\"}").body().get("id").asString();
        JsonNode channels = get(owner, "/guilds/" + id + "/channels").body();
        return new Guild(id, owner, channelOfType(channels, 0), channelOfType(channels, 2), channelOfType(channels, 4));
    }

    static String channelOfType(JsonNode channels, int type) {
        return StreamSupport.stream(channels.spliterator(), false)
                .filter(c -> c.get("type").asInt() == type)
                .findFirst()
                .orElseThrow()
                .get("id")
                .asString();
    }

    Response invite(Snowflake user, String channelId, String body) {
        return call(HttpMethod.POST, "/channels/" + channelId + "/invites", userToken(user), body);
    }

    String code(Snowflake user, String channelId, String body) {
        Response response = invite(user, channelId, body);
        assertThat(response.status()).as(response.body().toString()).isEqualTo(200);
        return response.body().get("code").asString();
    }

    Response join(Snowflake user, String code) {
        return call(HttpMethod.POST, "/invites/" + code, userToken(user), null);
    }

    Response delete(Snowflake user, String code) {
        return call(HttpMethod.DELETE, "/invites/" + code, userToken(user), null);
    }

    JsonNode awaitInviteEvent(String type, String code) {
        return awaitEvent(e -> e.path("type").asString().equals(type)
                && e.path("data").path("code").asString().equals(code));
    }

    /** The events of {@code type} about the guild that concern {@code user}, seen so far. */
    List<JsonNode> eventsFor(String type, String guildId, Snowflake user) {
        return eventsAbout(type, guildId).stream()
                .filter(e -> e.path("audience").path("user_ids").toString().contains(user.asString())
                        || e.path("data").path("user").path("id").asString().equals(user.asString()))
                .toList();
    }

    void expire(String code) {
        db.sql("UPDATE invites SET expires_at = now() - interval '1 minute' WHERE code = :code")
                .bind("code", code)
                .then()
                .block(Duration.ofSeconds(5));
    }

    /** {@code uses} of the stored invite, or -1 when there is no such row. */
    long uses(String code) {
        return db.sql("SELECT uses FROM invites WHERE code = :code")
                .bind("code", code)
                .map(row -> row.get("uses", Integer.class).longValue())
                .one()
                .defaultIfEmpty(-1L)
                .block(Duration.ofSeconds(5));
    }

    long memberCount(String guildId) {
        return count("SELECT member_count::bigint FROM guilds WHERE id = :id", Snowflake.parse(guildId));
    }

    boolean isMember(String guildId, Snowflake user) {
        return db.sql("SELECT 1 FROM members WHERE guild_id = :guild AND user_id = :user")
                .bind("guild", Long.parseLong(guildId))
                .bind("user", user.value())
                .map(row -> true)
                .one()
                .defaultIfEmpty(false)
                .block(Duration.ofSeconds(5));
    }

    void putOverwrite(Guild guild, String channelId, String targetId, int type, long allow, long deny) {
        Response response = call(
                HttpMethod.PUT,
                "/channels/" + channelId + "/permissions/" + targetId,
                userToken(guild.owner()),
                "{\"type\": " + type + ", \"allow\": \"" + allow + "\", \"deny\": \"" + deny + "\"}");
        assertThat(response.status()).isEqualTo(204);
    }
}
