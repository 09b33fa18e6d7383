package dev.concord.guild.automod;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** A guild's incident actions: pauses of at most a day, shown on the guild, and invites refused meanwhile. */
class IncidentActionsIT extends GuildApiSupport {

    private static final JsonNode PAUSED = json(
            "{\"message\": \"Invites are currently paused for this server. Please try again later.\", \"code\": 40069}");

    @Test
    void managersPauseInvitesAndDmsForAtMostADayAndTheGuildShowsIt() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Raided\"}").body().get("id").asString();
        String actions = "/guilds/" + guild + "/incident-actions";
        assertThat(get(owner, "/guilds/" + guild).body().get("incidents_data").isNull())
                .isTrue();

        Response tooLong = put(
                owner,
                actions,
                in(Duration.ofHours(25)),
                in(Duration.ofHours(24).plusMinutes(5)));
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.body()
                        .at("/errors/invites_disabled_until/_errors/0/code")
                        .asString())
                .isEqualTo("AUTO_MODERATION_INCIDENT_ACTION_TOO_LONG");
        assertThat(tooLong.body()
                        .at("/errors/dms_disabled_until/_errors/0/code")
                        .asString())
                .isEqualTo("AUTO_MODERATION_INCIDENT_ACTION_TOO_LONG");
        Snowflake member = newUser("member");
        addMember(guild, member);
        assertThat(put(member, actions, in(Duration.ofHours(1)), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50013);
        assertThat(call(HttpMethod.PUT, actions, null, "{}").status()).isEqualTo(401);
        assertThat(put(owner, "/guilds/1234567890123/incident-actions", null, null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10004);
        assertThat(get(owner, "/guilds/" + guild).body().get("incidents_data").isNull())
                .as("refused, unchanged")
                .isTrue();
        assertThat(eventsAbout("GUILD_UPDATE", guild)).isEmpty();

        Instant invites = in(Duration.ofHours(1));
        Instant dms = in(Duration.ofHours(23).plusMinutes(59));
        Response paused = put(owner, actions, invites, dms);
        assertThat(paused.status()).as("%s", paused.body()).isEqualTo(200);
        assertThat(instant(paused.body().get("invites_disabled_until"))).isEqualTo(invites);
        assertThat(instant(paused.body().get("dms_disabled_until"))).isEqualTo(dms);

        JsonNode incidents = get(owner, "/guilds/" + guild).body().get("incidents_data");
        assertThat(instant(incidents.get("invites_disabled_until"))).isEqualTo(invites);
        assertThat(instant(incidents.get("dms_disabled_until"))).isEqualTo(dms);
        assertThat(incidents.get("raid_detected_at").isNull()).isTrue();
        assertThat(incidents.get("dm_spam_detected_at").isNull()).isTrue();
        JsonNode update = awaitEvent("GUILD_UPDATE", guild);
        assertThat(update.at("/data/incidents_data")).isEqualTo(incidents);
        assertThat(count(
                        "SELECT count(*) FROM guilds WHERE id = :id AND dms_disabled_until > now()",
                        Snowflake.parse(guild)))
                .isEqualTo(1);

        Response lifted = put(owner, actions, null, null);
        assertThat(lifted.body()).isEqualTo(json("{\"invites_disabled_until\": null, \"dms_disabled_until\": null}"));
        assertThat(get(owner, "/guilds/" + guild).body().get("incidents_data").isNull())
                .isTrue();
    }

    @Test
    void nobodyMakesOrUsesAnInviteWhileInvitesArePaused() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Paused\"}").body().get("id").asString();
        String channel = textChannel(owner, guild);
        String code = invite(owner, channel).body().get("code").asString();
        String actions = "/guilds/" + guild + "/incident-actions";
        assertThat(put(owner, actions, in(Duration.ofHours(2)), null).status()).isEqualTo(200);

        Response made = invite(owner, channel);
        assertThat(made.status()).isEqualTo(400);
        assertThat(made.body()).isEqualTo(PAUSED);
        Snowflake joiner = newUser("joiner");
        Response joined = as(joiner, HttpMethod.POST, "/invites/" + code, null);
        assertThat(joined.status()).isEqualTo(400);
        assertThat(joined.body()).isEqualTo(PAUSED);
        assertThat(isMember(guild, joiner)).isFalse();
        assertThat(as(owner, HttpMethod.POST, "/invites/" + code, null).status())
                .as("a member following an invite joins nobody")
                .isEqualTo(200);

        // The pause ends by itself once its time has passed.
        db.sql("UPDATE guilds SET invites_disabled_until = now() - interval '1 second' WHERE id = :id")
                .bind("id", Long.parseLong(guild))
                .then()
                .block(Duration.ofSeconds(5));
        assertThat(invite(owner, channel).status()).isEqualTo(200);
        assertThat(as(joiner, HttpMethod.POST, "/invites/" + code, null).status())
                .isEqualTo(200);
        assertThat(isMember(guild, joiner)).isTrue();

        // The guild feature INVITES_DISABLED pauses them until it is turned off.
        assertThat(as(owner, HttpMethod.PATCH, "/guilds/" + guild, "{\"features\": [\"INVITES_DISABLED\"]}")
                        .status())
                .isEqualTo(200);
        assertThat(invite(owner, channel).body()).isEqualTo(PAUSED);
        Snowflake late = newUser("late");
        assertThat(as(late, HttpMethod.POST, "/invites/" + code, null).body()).isEqualTo(PAUSED);
        assertThat(as(owner, HttpMethod.PATCH, "/guilds/" + guild, "{\"features\": []}")
                        .status())
                .isEqualTo(200);
        assertThat(as(late, HttpMethod.POST, "/invites/" + code, null).status()).isEqualTo(200);
    }

    private Response put(Snowflake user, String path, Instant invites, Instant dms) {
        return as(
                user,
                HttpMethod.PUT,
                path,
                "{\"invites_disabled_until\": " + quoted(invites) + ", \"dms_disabled_until\": " + quoted(dms) + "}");
    }

    private Response invite(Snowflake user, String channel) {
        return as(user, HttpMethod.POST, "/channels/" + channel + "/invites", "{}");
    }

    private String textChannel(Snowflake owner, String guild) {
        return StreamSupport.stream(
                        get(owner, "/guilds/" + guild + "/channels").body().spliterator(), false)
                .filter(c -> c.get("type").asInt() == 0)
                .findFirst()
                .orElseThrow()
                .get("id")
                .asString();
    }

    private boolean isMember(String guild, Snowflake user) {
        return db.sql("SELECT count(*) FROM members WHERE guild_id = :guild AND user_id = :user")
                        .bind("guild", Long.parseLong(guild))
                        .bind("user", user.value())
                        .map(row -> row.get(0, Long.class))
                        .one()
                        .block(Duration.ofSeconds(5))
                == 1;
    }

    private static Instant in(Duration duration) {
        return Instant.now().plus(duration).truncatedTo(ChronoUnit.MILLIS);
    }

    private static String quoted(Instant instant) {
        return instant == null ? "null" : "\"" + instant + "\"";
    }

    private static Instant instant(JsonNode value) {
        return OffsetDateTime.parse(value.asString()).toInstant();
    }
}
