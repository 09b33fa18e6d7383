package dev.concord.guild.stages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Stage instances through HTTP: opened, read, retitled and closed by moderators; public invites; linked events. */
class StageInstanceIT extends GuildApiSupport {

    private static final long MODERATOR =
            Permission.MANAGE_CHANNELS.bit() | Permission.MUTE_MEMBERS.bit() | Permission.MOVE_MEMBERS.bit();

    record Stage(String guild, Snowflake owner, String channel) {
        String path() {
            return "/stage-instances/" + channel;
        }
    }

    @Test
    void aModeratorOpensRetitlesAndClosesTheStageAndItsChannelHearsOfEachStep() {
        Stage stage = newStage();

        Response opened = as(stage.owner(), HttpMethod.POST, "/stage-instances", open(stage, "Town hall"));

        assertThat(opened.status()).as(String.valueOf(opened.body())).isEqualTo(200);
        JsonNode instance = opened.body();
        assertThat(instance.get("channel_id").asString()).isEqualTo(stage.channel());
        assertThat(instance.get("guild_id").asString()).isEqualTo(stage.guild());
        assertThat(instance.get("topic").asString()).isEqualTo("Town hall");
        assertThat(instance.get("privacy_level").asInt()).isEqualTo(2);
        assertThat(instance.get("discoverable_disabled").asBoolean()).isFalse();
        assertThat(instance.get("guild_scheduled_event_id").isNull()).isTrue();
        assertThat(instance.get("invite_code").isNull()).isTrue();
        assertThat(count(
                        "SELECT count(*) FROM stage_instances WHERE channel_id = :id",
                        Snowflake.parse(stage.channel())))
                .isEqualTo(1);
        JsonNode created = awaitEvent("STAGE_INSTANCE_CREATE", stage.guild());
        assertThat(created.get("audience"))
                .isEqualTo(
                        json("{\"guild_id\": \"" + stage.guild() + "\", \"channel_id\": \"" + stage.channel() + "\"}"));
        assertThat(created.get("data")).isEqualTo(instance);

        Response twice = as(stage.owner(), HttpMethod.POST, "/stage-instances", open(stage, "Again"));
        assertThat(twice.status()).isEqualTo(400);
        assertThat(twice.body().get("code").asInt()).isEqualTo(150006);
        assertThat(get(stage.owner(), stage.path()).body()).isEqualTo(instance);

        Response retitled = as(stage.owner(), HttpMethod.PATCH, stage.path(), "{\"topic\": \"Q&A\"}");
        assertThat(retitled.body().get("topic").asString()).isEqualTo("Q&A");
        assertThat(awaitEvent("STAGE_INSTANCE_UPDATE", stage.guild())
                        .get("data")
                        .get("topic")
                        .asString())
                .isEqualTo("Q&A");

        assertThat(as(stage.owner(), HttpMethod.DELETE, stage.path(), null).status())
                .isEqualTo(204);
        assertThat(awaitEvent("STAGE_INSTANCE_DELETE", stage.guild())
                        .get("data")
                        .get("id")
                        .asString())
                .isEqualTo(instance.get("id").asString());
        Response gone = get(stage.owner(), stage.path());
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body().get("code").asInt()).isEqualTo(10067);
        assertThat(as(stage.owner(), HttpMethod.DELETE, stage.path(), null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10067);
    }

    @Test
    void onlyModeratorsChangeAStageThoseWhoSeeItReadItAndBadInputChangesNothing() {
        Stage stage = newStage();
        Snowflake member = newUser("member");
        addMember(stage.guild(), member);
        Snowflake moderator = newUser("moderator");
        addMember(stage.guild(), moderator, addRole(stage.guild(), 1, MODERATOR));
        String text = channel(stage, "{\"name\": \"text\"}");

        Response refused = as(member, HttpMethod.POST, "/stage-instances", open(stage, "Mine"));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body().get("code").asInt()).isEqualTo(50013);
        assertThat(as(moderator, HttpMethod.POST, "/stage-instances", open(stage, "Moderated"))
                        .status())
                .isEqualTo(200);
        assertThat(get(member, stage.path()).status()).as("members read it").isEqualTo(200);
        assertThat(as(member, HttpMethod.PATCH, stage.path(), "{\"topic\": \"Hijacked\"}")
                        .status())
                .isEqualTo(403);
        assertThat(as(member, HttpMethod.DELETE, stage.path(), null).status()).isEqualTo(403);
        assertThat(call(HttpMethod.GET, stage.path(), null, null).status()).isEqualTo(401);
        assertThat(get(newUser("stranger"), stage.path()).status()).isEqualTo(403);

        assertThat(errors(stage, "{\"channel_id\": \"" + text + "\", \"topic\": \"Text\"}")
                        .get("channel_id")
                        .toString())
                .contains("CHANNEL_INVALID");
        assertThat(errors(
                                stage,
                                "{\"channel_id\": \"" + stage.channel() + "\", \"topic\": \"" + "x".repeat(121) + "\"}")
                        .get("topic")
                        .toString())
                .contains("BASE_TYPE_BAD_LENGTH");
        assertThat(errors(stage, "{\"channel_id\": \"" + stage.channel() + "\"}")
                        .get("topic")
                        .toString())
                .contains("BASE_TYPE_REQUIRED");
        assertThat(errors(
                                stage,
                                "{\"channel_id\": \"" + stage.channel() + "\", \"topic\": \"t\", \"privacy_level\": 3}")
                        .get("privacy_level")
                        .toString())
                .contains("BASE_TYPE_CHOICES");
        Response badPatch = as(stage.owner(), HttpMethod.PATCH, stage.path(), "{\"topic\": \"\"}");
        assertThat(badPatch.status()).isEqualTo(400);
        assertThat(get(member, stage.path()).body().get("topic").asString()).isEqualTo("Moderated");
        assertThat(eventsAbout("STAGE_INSTANCE_UPDATE", stage.guild())).isEmpty();
    }

    @Test
    void aPublicStageHasAnInviteWhosePreviewShowsItUntilItIsNoLongerPublic() {
        Stage stage = newStage();

        JsonNode opened = as(
                        stage.owner(),
                        HttpMethod.POST,
                        "/stage-instances",
                        withFields(open(stage, "Open air"), "\"privacy_level\": 1"))
                .body();

        String code = opened.get("invite_code").asString();
        assertThat(opened.get("privacy_level").asInt()).isEqualTo(1);
        assertThat(awaitEvent(e -> e.path("type").asString().equals("INVITE_CREATE")
                        && e.path("data").path("code").asString().equals(code)))
                .isNotNull();
        JsonNode preview = call(HttpMethod.GET, "/invites/" + code, null, null).body();
        assertThat(preview.get("stage_instance").get("topic").asString()).isEqualTo("Open air");
        assertThat(preview.get("stage_instance").get("participant_count").asInt())
                .isZero();

        JsonNode guildOnly = as(stage.owner(), HttpMethod.PATCH, stage.path(), "{\"privacy_level\": 2}")
                .body();

        assertThat(guildOnly.get("invite_code").isNull()).isTrue();
        assertThat(call(HttpMethod.GET, "/invites/" + code, null, null).status())
                .isEqualTo(404);
        assertThat(awaitEvent(e -> e.path("type").asString().equals("INVITE_DELETE")
                        && e.path("data").path("code").asString().equals(code)))
                .isNotNull();
        String again = as(stage.owner(), HttpMethod.PATCH, stage.path(), "{\"privacy_level\": 1}")
                .body()
                .get("invite_code")
                .asString();
        as(stage.owner(), HttpMethod.DELETE, stage.path(), null);
        assertThat(call(HttpMethod.GET, "/invites/" + again, null, null).status())
                .as("closing the stage deletes its invite")
                .isEqualTo(404);
    }

    @Test
    void aStageOpenedForItsScheduledEventStartsTheEventAndClosingItCompletesIt() {
        Stage stage = newStage();
        String other = channel(stage, "{\"name\": \"other\", \"type\": 13}");
        String event = as(
                        stage.owner(),
                        HttpMethod.POST,
                        "/guilds/" + stage.guild() + "/scheduled-events",
                        "{\"name\": \"Talk\", \"privacy_level\": 2, \"entity_type\": 1, \"channel_id\": \""
                                + stage.channel() + "\", \"scheduled_start_time\": \""
                                + Instant.now().plus(1, ChronoUnit.HOURS) + "\"}")
                .body()
                .get("id")
                .asString();

        Response elsewhere = as(
                stage.owner(),
                HttpMethod.POST,
                "/stage-instances",
                "{\"channel_id\": \"" + other + "\", \"topic\": \"t\", \"guild_scheduled_event_id\": \"" + event
                        + "\"}");
        assertThat(elsewhere.status()).isEqualTo(400);
        assertThat(elsewhere.body().get("errors").has("guild_scheduled_event_id"))
                .isTrue();
        assertThat(count("SELECT count(*) FROM stage_instances WHERE channel_id = :id", Snowflake.parse(other)))
                .as("a refused opening keeps nothing")
                .isZero();

        JsonNode opened = as(
                        stage.owner(),
                        HttpMethod.POST,
                        "/stage-instances",
                        withFields(open(stage, "Talk"), "\"guild_scheduled_event_id\": \"" + event + "\""))
                .body();

        JsonNode started = get(stage.owner(), "/guilds/" + stage.guild() + "/scheduled-events/" + event)
                .body();
        assertThat(started.get("status").asInt()).isEqualTo(2);
        assertThat(started.get("entity_id").asString())
                .isEqualTo(opened.get("id").asString());
        assertThat(awaitEvent(e -> e.path("type").asString().equals("GUILD_SCHEDULED_EVENT_UPDATE")
                        && e.path("data").path("status").asInt() == 2))
                .isNotNull();

        as(stage.owner(), HttpMethod.DELETE, stage.path(), null);

        JsonNode ended = get(stage.owner(), "/guilds/" + stage.guild() + "/scheduled-events/" + event)
                .body();
        assertThat(ended.get("status").asInt()).isEqualTo(3);
        assertThat(ended.get("entity_id").isNull()).isTrue();
    }

    @Test
    void everyoneIsNotifiedOfTheOpeningOnlyByThoseWhoMayMentionEveryone() {
        Stage withRight = newStage();
        Stage without = newStage();
        Snowflake moderator = newUser("moderator");
        addMember(without.guild(), moderator, addRole(without.guild(), 1, MODERATOR));
        db.sql("UPDATE roles SET permissions = permissions & ~:mention WHERE id = :guild")
                .bind("mention", Permission.MENTION_EVERYONE.bit())
                .bind("guild", Long.parseLong(without.guild()))
                .then()
                .block();

        as(
                withRight.owner(),
                HttpMethod.POST,
                "/stage-instances",
                withFields(open(withRight, "Loud"), "\"send_start_notification\": true"));
        as(
                moderator,
                HttpMethod.POST,
                "/stage-instances",
                withFields(open(without, "Quiet"), "\"send_start_notification\": true"));

        assertThat(count(
                        "SELECT count(*) FROM stage_instances WHERE channel_id = :id AND start_notification",
                        Snowflake.parse(withRight.channel())))
                .isEqualTo(1);
        assertThat(count(
                        "SELECT count(*) FROM stage_instances WHERE channel_id = :id AND NOT start_notification",
                        Snowflake.parse(without.channel())))
                .isEqualTo(1);
    }

    @Test
    void aLiveStageIsInGuildCreateAndGoesWithItsChannel() {
        Stage stage = newStage();
        as(stage.owner(), HttpMethod.POST, "/stage-instances", open(stage, "Live"));

        JsonNode ready = call(
                        HttpMethod.GET,
                        "/internal/users/" + stage.owner().asString() + "/guilds",
                        InternalCredential.header(TestTokenKeys.internalSecret()),
                        null)
                .body();
        assertThat(ready.get(0).get("stage_instances")).hasSize(1);
        assertThat(ready.get(0).get("stage_instances").get(0).get("topic").asString())
                .isEqualTo("Live");

        as(stage.owner(), HttpMethod.DELETE, "/channels/" + stage.channel(), null);

        assertThat(count(
                        "SELECT count(*) FROM stage_instances WHERE channel_id = :id",
                        Snowflake.parse(stage.channel())))
                .isZero();
        assertThat(awaitEvent("STAGE_INSTANCE_DELETE", stage.guild())).isNotNull();
    }

    private Stage newStage() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Stage\"}").body().get("id").asString();
        Stage partial = new Stage(guild, owner, "");
        return new Stage(guild, owner, channel(partial, "{\"name\": \"stage\", \"type\": 13}"));
    }

    private String channel(Stage stage, String body) {
        Response made = as(stage.owner(), HttpMethod.POST, "/guilds/" + stage.guild() + "/channels", body);
        assertThat(made.status()).as(String.valueOf(made.body())).isEqualTo(201);
        return made.body().get("id").asString();
    }

    private JsonNode errors(Stage stage, String body) {
        Response refused = as(stage.owner(), HttpMethod.POST, "/stage-instances", body);
        assertThat(refused.status()).as(String.valueOf(refused.body())).isEqualTo(400);
        assertThat(refused.body().get("code").asInt()).isEqualTo(50035);
        return refused.body().get("errors");
    }

    private static String open(Stage stage, String topic) {
        return "{\"channel_id\": \"" + stage.channel() + "\", \"topic\": \"" + topic + "\"}";
    }

    private static String withFields(String body, String fields) {
        return body.substring(0, body.length() - 1) + ", " + fields + "}";
    }
}
