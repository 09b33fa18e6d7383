package dev.concord.guild.automod;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.WebhookServiceFake;
import dev.concord.platform.test.WebhookServiceFake.AutoModerationCall;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * What moderators do about auto moderation's alerts and raids: guild-service checks MANAGE_GUILD and asks
 * webhook-service (a fake here) to change its messages; a reported raid is also the guild's incidents data.
 */
class AlertActionsIT extends GuildApiSupport {

    private static final WebhookServiceFake WEBHOOKS = WebhookServiceFake.shared();

    @Test
    void managersExecuteAlertActionsThroughWebhookService() {
        Snowflake owner = newUser("owner");
        String guild = guild(owner, "Alerted");
        String path = "/guilds/" + guild + "/auto-moderation/alert-action";
        String body = "{\"channel_id\": \"111\", \"message_id\": \"222\", \"alert_action_type\": 1}";

        Response done = as(owner, HttpMethod.POST, path, body);
        assertThat(done.status()).as("%s", done.body()).isEqualTo(204);
        List<AutoModerationCall> calls = WEBHOOKS.autoModerationCalls(guild);
        assertThat(calls).hasSize(1);
        assertThat(calls.get(0).method()).isEqualTo("POST");
        assertThat(calls.get(0).action()).isEqualTo("alert-actions");
        assertThat(calls.get(0).body())
                .isEqualTo(json("{\"user_id\": \"" + owner.asString()
                        + "\", \"channel_id\": \"111\", \"message_id\": \"222\", \"alert_action_type\": 1}"));

        refusedWithoutAsking(guild, owner, path, body);
        Response badType = as(
                owner,
                HttpMethod.POST,
                path,
                "{\"channel_id\": \"111\", \"message_id\": \"222\", \"alert_action_type\": 5}");
        assertThat(badType.status()).isEqualTo(400);
        assertThat(badType.body().at("/errors/alert_action_type/_errors/0/code").asString())
                .isEqualTo("NUMBER_TYPE_MAX");
        Response noChannel = as(owner, HttpMethod.POST, path, "{\"message_id\": \"222\", \"alert_action_type\": 2}");
        assertThat(noChannel.status()).isEqualTo(400);
        assertThat(noChannel.body().at("/errors/channel_id/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(WEBHOOKS.autoModerationCalls(guild)).hasSize(1);
    }

    @Test
    void webhookServicesRefusalReachesTheModerator() {
        Snowflake owner = newUser("owner");
        String guild = guild(owner, "Unknown alert");
        WEBHOOKS.refuseAutoModeration(Long.parseLong(guild), 404, 10008, "Unknown Message");

        Response unknown = as(
                owner,
                HttpMethod.POST,
                "/guilds/" + guild + "/auto-moderation/alert-action",
                "{\"channel_id\": \"111\", \"message_id\": \"222\", \"alert_action_type\": 3}");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).isEqualTo(json("{\"message\": \"Unknown Message\", \"code\": 10008}"));
    }

    @Test
    void managersResolveFalseAlarmsWithOneOfThePlatformsReasons() {
        Snowflake owner = newUser("owner");
        String guild = guild(owner, "False alarm");
        String path = "/guilds/" + guild + "/auto-moderation/false-alarm";
        String body = "{\"alert_message_id\": \"333\", \"reason\": \"LEGITIMATE_ACTIVITY\"}";

        assertThat(as(owner, HttpMethod.POST, path, body).status()).isEqualTo(204);
        AutoModerationCall call = WEBHOOKS.autoModerationCalls(guild).get(0);
        assertThat(call.action()).isEqualTo("false-alarms");
        assertThat(call.body()).isEqualTo(json("{\"alert_message_id\": \"333\", \"reason\": \"LEGITIMATE_ACTIVITY\"}"));

        Response badReason = as(owner, HttpMethod.POST, path, "{\"alert_message_id\": \"333\", \"reason\": \"BORED\"}");
        assertThat(badReason.status()).isEqualTo(400);
        assertThat(badReason.body().at("/errors/reason/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_CHOICES");
        refusedWithoutAsking(guild, owner, path, body);
        assertThat(WEBHOOKS.autoModerationCalls(guild)).hasSize(1);
    }

    @Test
    void aReportedRaidIsNotedOnTheGuildAndPostedInItsSafetyAlertsChannel() {
        Snowflake owner = newUser("owner");
        String guild = guild(owner, "Raided");
        String channel = textChannel(owner, guild);
        db.sql("UPDATE guilds SET safety_alerts_channel_id = :channel WHERE id = :id")
                .bind("channel", Long.parseLong(channel))
                .bind("id", Long.parseLong(guild))
                .then()
                .block(Duration.ofSeconds(5));
        String path = "/guilds/" + guild + "/auto-moderation/report-raid";
        refusedWithoutAsking(guild, owner, path, null);
        assertThat(eventsAbout("GUILD_UPDATE", guild)).isEmpty();

        Instant before = Instant.now().minusSeconds(1);
        Response reported = as(owner, HttpMethod.POST, path, null);
        assertThat(reported.status()).as("%s", reported.body()).isEqualTo(204);

        JsonNode incidents = get(owner, "/guilds/" + guild).body().get("incidents_data");
        Instant detected = OffsetDateTime.parse(
                        incidents.get("raid_detected_at").asString())
                .toInstant();
        assertThat(detected).isAfter(before).isBefore(Instant.now().plusSeconds(1));
        assertThat(awaitEvent("GUILD_UPDATE", guild).at("/data/incidents_data")).isEqualTo(incidents);
        AutoModerationCall posted = WEBHOOKS.autoModerationCalls(guild).get(0);
        assertThat(posted.action()).isEqualTo("incidents");
        assertThat(posted.body().get("channel_id").asString()).isEqualTo(channel);
        assertThat(posted.body().get("user_id").asString()).isEqualTo(owner.asString());
        assertThat(posted.body().get("raid_type").asString()).isEqualTo("JOIN_RAID");
        assertThat(OffsetDateTime.parse(posted.body().get("raid_datetime").asString())
                        .toInstant())
                .isEqualTo(detected);
    }

    @Test
    void aGuildWithoutAnAlertsChannelHasItsRaidNotedWithoutAMessage() {
        Snowflake owner = newUser("owner");
        String guild = guild(owner, "Quiet");
        assertThat(as(owner, HttpMethod.POST, "/guilds/" + guild + "/auto-moderation/report-raid", null)
                        .status())
                .isEqualTo(204);
        assertThat(get(owner, "/guilds/" + guild)
                        .body()
                        .at("/incidents_data/raid_detected_at")
                        .isString())
                .isTrue();
        assertThat(WEBHOOKS.autoModerationCalls(guild)).isEmpty();
    }

    @Test
    void managersEndAMentionRaid() {
        Snowflake owner = newUser("owner");
        String guild = guild(owner, "Mentioned");
        String path = "/guilds/" + guild + "/auto-moderation/clear-mention-raid";
        refusedWithoutAsking(guild, owner, path, null);

        assertThat(as(owner, HttpMethod.POST, path, null).status()).isEqualTo(204);
        AutoModerationCall call = WEBHOOKS.autoModerationCalls(guild).get(0);
        assertThat(call.method()).isEqualTo("DELETE");
        assertThat(call.action()).isEqualTo("mention-raid");
    }

    /** 401 without a token, 403 50013 for a member without MANAGE_GUILD, 10004 for no guild: nothing asked. */
    private void refusedWithoutAsking(String guild, Snowflake owner, String path, String body) {
        int before = WEBHOOKS.autoModerationCalls(guild).size();
        assertThat(call(HttpMethod.POST, path, null, body).status()).isEqualTo(401);
        Snowflake member = newUser("member");
        addMember(guild, member);
        Response forbidden = as(member, HttpMethod.POST, path, body);
        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(forbidden.body().get("code").asInt()).isEqualTo(50013);
        Response unknown = as(owner, HttpMethod.POST, path.replace(guild, "1234567890123"), body);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body().get("code").asInt()).isEqualTo(10004);
        assertThat(WEBHOOKS.autoModerationCalls(guild)).hasSize(before);
    }

    private String guild(Snowflake owner, String name) {
        return createGuild(owner, "{\"name\": \"" + name + "\"}")
                .body()
                .get("id")
                .asString();
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
}
