package dev.concord.guild.voicestates;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.service.BatchedSweep;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** What voice does to stages and events: a stage nobody speaks on closes, an event nobody attends ends. */
class VoiceActivityIT extends GuildApiSupport {

    private static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    @Autowired
    @Qualifier("quietStageSweep")
    BatchedSweep stageSweep;

    @Autowired
    @Qualifier("scheduledEventAttendanceSweep")
    BatchedSweep attendanceSweep;

    @Test
    void aStageWithoutASpeakerForMinutesClosesAndOneWithASpeakerStaysLive() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Stages\"}").body().get("id").asString();
        String quiet = channel(owner, guild, "{\"name\": \"quiet\", \"type\": 13}");
        String busy = channel(owner, guild, "{\"name\": \"busy\", \"type\": 13}");
        openStage(owner, quiet, 2);
        String code = openStage(owner, busy, 1).get("invite_code").asString();
        Snowflake speaker = newUser("speaker");
        addMember(guild, speaker);
        opFour(speaker, guild, busy);
        opFour(owner, guild, busy);
        as(owner, HttpMethod.PATCH, "/guilds/" + guild + "/voice-states/@me", "{\"suppress\": false}");
        JsonNode preview =
                call(HttpMethod.GET, "/invites/" + code, null, null).body().get("stage_instance");
        assertThat(preview.get("participant_count").asInt()).isEqualTo(2);
        assertThat(preview.get("speaker_count").asInt()).isEqualTo(1);
        assertThat(preview.get("members").get(0).get("user").get("id").asString())
                .isEqualTo(owner.asString());
        quietSince(quiet, 10);
        quietSince(busy, 10);

        stageSweep.sweep().block();

        assertThat(stages(quiet)).as("nobody spoke: closed").isZero();
        assertThat(awaitEvent(e -> e.path("type").asString().equals("STAGE_INSTANCE_DELETE")
                        && e.path("data").path("channel_id").asString().equals(quiet)))
                .isNotNull();
        assertThat(stages(busy)).as("a speaker is on: live").isEqualTo(1);

        as(owner, HttpMethod.PATCH, "/guilds/" + guild + "/voice-states/@me", "{\"suppress\": true}");
        stageSweep.sweep().block();
        assertThat(stages(busy))
                .as("the last speaker just stopped: the quiet starts now")
                .isEqualTo(1);
        quietSince(busy, 10);
        stageSweep.sweep().block();
        assertThat(stages(busy)).isZero();
        assertThat(call(HttpMethod.GET, "/invites/" + code, null, null).status())
                .as("the stage's invite went with it")
                .isEqualTo(404);
    }

    @Test
    void anActiveVoiceEventNobodyAttendsForMinutesCompletes() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Events\"}").body().get("id").asString();
        String room = channel(owner, guild, "{\"name\": \"room\", \"type\": 2}");
        String event = as(
                        owner,
                        HttpMethod.POST,
                        "/guilds/" + guild + "/scheduled-events",
                        "{\"name\": \"Hangout\", \"privacy_level\": 2, \"entity_type\": 2, \"channel_id\": \"" + room
                                + "\", \"scheduled_start_time\": \""
                                + Instant.now().plus(1, ChronoUnit.HOURS) + "\"}")
                .body()
                .get("id")
                .asString();
        as(owner, HttpMethod.PATCH, "/guilds/" + guild + "/scheduled-events/" + event, "{\"status\": 2}");
        opFour(owner, guild, room);
        attendedSince(event, 10);

        attendanceSweep.sweep().block();
        assertThat(status(event)).as("someone is there").isEqualTo(2);

        leave(owner, guild);
        attendanceSweep.sweep().block();
        assertThat(status(event)).as("they just left: minutes to come back").isEqualTo(2);

        attendedSince(event, 10);
        attendanceSweep.sweep().block();
        assertThat(status(event)).isEqualTo(3);
        assertThat(awaitEvent(e -> e.path("type").asString().equals("GUILD_SCHEDULED_EVENT_UPDATE")
                        && e.path("data").path("id").asString().equals(event)
                        && e.path("data").path("status").asInt() == 3))
                .isNotNull();
    }

    private JsonNode openStage(Snowflake owner, String channel, int privacy) {
        Response opened = as(
                owner,
                HttpMethod.POST,
                "/stage-instances",
                "{\"channel_id\": \"" + channel + "\", \"topic\": \"t\", \"privacy_level\": " + privacy + "}");
        assertThat(opened.status()).as(String.valueOf(opened.body())).isEqualTo(200);
        return opened.body();
    }

    private void opFour(Snowflake user, String guild, String channel) {
        Response done = call(
                HttpMethod.POST,
                "/internal/voice-states",
                INTERNAL,
                "{\"user_id\": \"" + user.asString() + "\", \"session_id\": \"s" + user.asString()
                        + "\", \"guild_id\": \"" + guild + "\", \"channel_id\": \"" + channel + "\"}");
        assertThat(done.status()).as(String.valueOf(done.body())).isEqualTo(204);
    }

    private void leave(Snowflake user, String guild) {
        call(
                HttpMethod.POST,
                "/internal/voice-states",
                INTERNAL,
                "{\"user_id\": \"" + user.asString() + "\", \"session_id\": \"s\", \"guild_id\": \"" + guild
                        + "\", \"channel_id\": null}");
    }

    private void quietSince(String channel, int minutes) {
        db.sql("UPDATE stage_instances SET speaker_seen_at = now() - make_interval(mins => :m) WHERE channel_id = :c")
                .bind("m", minutes)
                .bind("c", Long.parseLong(channel))
                .then()
                .block();
    }

    private void attendedSince(String event, int minutes) {
        db.sql("UPDATE scheduled_events SET attended_at = now() - make_interval(mins => :m) WHERE id = :id")
                .bind("m", minutes)
                .bind("id", Long.parseLong(event))
                .then()
                .block();
    }

    private long stages(String channel) {
        return count("SELECT count(*) FROM stage_instances WHERE channel_id = :id", Snowflake.parse(channel));
    }

    private long status(String event) {
        return count("SELECT status::bigint FROM scheduled_events WHERE id = :id", Snowflake.parse(event));
    }

    private String channel(Snowflake owner, String guild, String body) {
        Response made = as(owner, HttpMethod.POST, "/guilds/" + guild + "/channels", body);
        assertThat(made.status()).as(String.valueOf(made.body())).isEqualTo(201);
        return made.body().get("id").asString();
    }
}
