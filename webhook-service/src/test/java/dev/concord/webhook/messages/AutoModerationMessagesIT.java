package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * guild-service's calls about auto moderation's messages: alert actions recorded in the alert (and the
 * flagged message deleted), false alarms resolved, raid notifications posted, each with its MESSAGE_* event.
 */
class AutoModerationMessagesIT extends MessageApiSupport {

    static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    @Test
    void alertActionsAreRecordedInTheAlertAndDeleteTheFlaggedMessage() {
        Place place = newPlace();
        Snowflake member = place.member(this, "flagged", MEMBER);
        Snowflake alerts = place.channel(this);
        Snowflake rule = newId();
        GUILD_SERVICE.autoModerationRules(place.guild().value(), """
                [{"id": "%s", "guild_id": "%s", "name": "watch list", "creator_id": "1", "event_type": 1,
                  "trigger_type": 1, "trigger_metadata": {"keyword_filter": ["*watch*"]},
                  "actions": [{"type": 2, "metadata": {"channel_id": "%s"}}],
                  "enabled": true, "exempt_roles": [], "exempt_channels": []}]""".formatted(rule, place.guild(), alerts));
        String flagged = send(member, place.channel(), "{\"content\": \"stopwatches\"}")
                .body()
                .get("id")
                .asString();
        String alert = awaitEvent(e -> e.path("type").asString().equals("AUTO_MODERATION_ACTION_EXECUTION")
                        && e.at("/data/message_id").asString().equals(flagged))
                .at("/data/alert_system_message_id")
                .asString();
        String path = "/internal/guilds/" + place.guild() + "/auto-moderation/alert-actions";

        Instant before = Instant.now().minusSeconds(1);
        assertThat(action(path, place.owner(), alerts, alert, 1).status()).isEqualTo(204);
        JsonNode execution = execution(
                get(place.owner(), "/channels/" + alerts + "/messages/" + alert).body());
        assertThat(execution.get("v").asInt()).isZero();
        assertThat(execution.at("/actions/1/actor").asString())
                .isEqualTo(place.owner().asString());
        assertThat(Instant.parse(execution.at("/actions/1/ts").asString())).isAfter(before);
        JsonNode updated = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_UPDATE")
                && e.at("/data/id").asString().equals(alert));
        assertThat(execution(updated.get("data"))).isEqualTo(execution);
        assertThat(updated.at("/data/guild_id").asString())
                .isEqualTo(place.guild().asString());

        assertThat(action(path, place.owner(), alerts, alert, 2).status()).isEqualTo(204);
        JsonNode unset = execution(
                get(place.owner(), "/channels/" + alerts + "/messages/" + alert).body());
        assertThat(unset.get("actions").has("2")).as("not completed").isTrue();
        assertThat(unset.get("actions").has("1")).isFalse();

        assertThat(action(path, place.owner(), alerts, alert, 3).status()).isEqualTo(204);
        assertThat(get(place.owner(), "/channels/" + place.channel() + "/messages/" + flagged)
                        .status())
                .as("the flagged message is gone")
                .isEqualTo(404);
        awaitEvent(e -> e.path("type").asString().equals("MESSAGE_DELETE")
                && e.at("/data/id").asString().equals(flagged));
        assertThat(action(path, place.owner(), alerts, alert, 3).status())
                .as("deleting it again finds it gone")
                .isEqualTo(204);
        assertThat(action(path, place.owner(), alerts, alert, 4).status()).isEqualTo(204);
        JsonNode all = execution(
                get(place.owner(), "/channels/" + alerts + "/messages/" + alert).body());
        assertThat(all.get("actions").propertyNames()).containsExactlyInAnyOrder("2", "3", "4");

        assertThat(action(path, place.owner(), place.channel(), alert, 1)
                        .body()
                        .get("code")
                        .asInt())
                .as("not the alert's channel")
                .isEqualTo(10008);
        String plain = send(member, place.channel(), "{\"content\": \"hello\"}")
                .body()
                .get("id")
                .asString();
        assertThat(action(path, place.owner(), place.channel(), plain, 1)
                        .body()
                        .get("code")
                        .asInt())
                .as("not an alert")
                .isEqualTo(10008);
        assertThat(action(
                                "/internal/guilds/" + newId() + "/auto-moderation/alert-actions",
                                place.owner(),
                                alerts,
                                alert,
                                1)
                        .body()
                        .get("code")
                        .asInt())
                .as("another guild's")
                .isEqualTo(10008);
        Response badType = action(path, place.owner(), alerts, alert, 5);
        assertThat(badType.status()).isEqualTo(400);
        assertThat(badType.body().at("/errors/alert_action_type/_errors/0/code").asString())
                .isEqualTo("NUMBER_TYPE_MAX");
        assertThat(call(HttpMethod.POST, path, userToken(place.owner()), "{}").status())
                .as("only the internal credential")
                .isEqualTo(401);
    }

    @Test
    void aReportedRaidIsPostedAndItsFalseAlarmResolved() {
        Place place = newPlace();
        Snowflake alerts = place.channel(this);
        String raidAt = "2026-11-27T18:00:00.123Z";
        Response posted = call(
                HttpMethod.POST,
                "/internal/guilds/" + place.guild() + "/auto-moderation/incidents",
                INTERNAL,
                "{\"user_id\": \"" + place.owner() + "\", \"channel_id\": \"" + alerts
                        + "\", \"raid_type\": \"JOIN_RAID\", \"raid_datetime\": \"" + raidAt + "\"}");
        assertThat(posted.status()).as("%s", posted.body()).isEqualTo(204);
        JsonNode created = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/channel_id").asString().equals(alerts.asString()));
        JsonNode notice = created.get("data");
        assertThat(notice.get("type").asInt()).isEqualTo(24);
        assertThat(notice.at("/author/id").asString()).isEqualTo(place.owner().asString());
        assertThat(notice.at("/embeds/0/type").asString()).isEqualTo("auto_moderation_notification");
        assertThat(fields(notice))
                .containsEntry("notification_type", "raid")
                .containsEntry("raid_type", "JOIN_RAID")
                .containsEntry("raid_datetime", raidAt)
                .containsKey("decision_id");
        String noticeId = notice.get("id").asString();

        String path = "/internal/guilds/" + place.guild() + "/auto-moderation/false-alarms";
        Response bad = falseAlarm(path, noticeId, "BORED");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().at("/errors/reason/_errors/0/code").asString()).isEqualTo("BASE_TYPE_CHOICES");
        assertThat(falseAlarm(path, newId().asString(), "OTHER")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10008);
        assertThat(falseAlarm(path, noticeId, "JOIN_RAID").status()).isEqualTo(204);
        assertThat(fields(get(place.owner(), "/channels/" + alerts + "/messages/" + noticeId)
                        .body()))
                .containsEntry("resolved_reason", "JOIN_RAID");
        JsonNode updated = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_UPDATE")
                && e.at("/data/id").asString().equals(noticeId));
        assertThat(fields(updated.get("data"))).containsEntry("resolved_reason", "JOIN_RAID");

        Response elsewhere = call(
                HttpMethod.POST,
                "/internal/guilds/" + place.guild() + "/auto-moderation/incidents",
                INTERNAL,
                "{\"user_id\": \"" + place.owner() + "\", \"channel_id\": \""
                        + newPlace().channel() + "\", \"raid_type\": \"JOIN_RAID\", \"raid_datetime\": \"" + raidAt
                        + "\"}");
        assertThat(elsewhere.body().get("code").asInt())
                .as("another guild's channel")
                .isEqualTo(10003);
    }

    @Test
    void aProfileRulesAlertFromGuildServiceIsPostedOnceUnderItsId() {
        Place place = newPlace();
        Snowflake member = place.member(this, "spammer_x", MEMBER);
        Snowflake alerts = place.channel(this);
        Snowflake alertId = newId();
        Map<String, Object> alert = new LinkedHashMap<>();
        alert.put("guild_id", place.guild().asString());
        alert.put("channel_id", alerts.asString());
        alert.put("message_id", alertId.asString());
        alert.put("user_id", member.asString());
        alert.put("rule_id", newId().asString());
        alert.put("rule_name", "Names");
        alert.put("content", "spammer_x");
        alert.put("keyword", "spammer*");
        alert.put("keyword_matched_content", "spammer_x");
        alert.put("decision_outcome", "flagged");
        alert.put("quarantine_user", "username");
        alert.put("quarantine_user_action", "quarantine_user");
        alert.put("quarantine_event", "username_update");
        Snowflake eventId = newId();
        Instant at = Instant.now();
        publish(
                eventId,
                at,
                "guild.events",
                place.guild().asString(),
                "AUTO_MODERATION_PROFILE_ALERT",
                Map.of("user_ids", List.of()),
                alert);

        JsonNode created = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                        && e.at("/data/id").asString().equals(alertId.asString()))
                .get("data");
        assertThat(created.get("type").asInt()).isEqualTo(24);
        assertThat(created.get("channel_id").asString()).isEqualTo(alerts.asString());
        assertThat(created.at("/author/id").asString()).isEqualTo(member.asString());
        assertThat(created.at("/embeds/0/type").asString()).isEqualTo("auto_moderation_message");
        assertThat(created.at("/embeds/0/description").asString()).isEqualTo("spammer_x");
        assertThat(fields(created))
                .containsEntry("rule_name", "Names")
                .containsEntry("decision_outcome", "flagged")
                .containsEntry("keyword", "spammer*")
                .containsEntry("keyword_matched_content", "spammer_x")
                .containsEntry("quarantine_user", "username")
                .containsEntry("quarantine_user_action", "quarantine_user")
                .containsEntry("quarantine_event", "username_update");
        assertThat(get(place.owner(), "/channels/" + alerts + "/messages/" + alertId)
                        .status())
                .isEqualTo(200);

        publish(
                eventId,
                at,
                "guild.events",
                place.guild().asString(),
                "AUTO_MODERATION_PROFILE_ALERT",
                Map.of("user_ids", List.of()),
                alert);
        alert.put("message_id", newId().asString());
        alert.put("channel_id", newPlace().channel().asString());
        publish(
                "guild.events",
                place.guild().asString(),
                "AUTO_MODERATION_PROFILE_ALERT",
                Map.of("user_ids", List.of()),
                alert);
        Snowflake marker = newId();
        alert.put("message_id", marker.asString());
        alert.put("channel_id", alerts.asString());
        publish(
                "guild.events",
                place.guild().asString(),
                "AUTO_MODERATION_PROFILE_ALERT",
                Map.of("user_ids", List.of()),
                alert);
        awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(marker.asString()));
        assertThat(stored("SELECT count(*) FROM messages WHERE type = 24 AND guild_id = :id", place.guild()))
                .as("the same alert delivered twice is posted once; one for another guild's channel not at all")
                .isEqualTo(2);
    }

    private Response action(String path, Snowflake user, Snowflake channel, String message, int type) {
        return call(
                HttpMethod.POST,
                path,
                INTERNAL,
                "{\"user_id\": \"" + user + "\", \"channel_id\": \"" + channel + "\", \"message_id\": \"" + message
                        + "\", \"alert_action_type\": " + type + "}");
    }

    private Response falseAlarm(String path, String message, String reason) {
        return call(
                HttpMethod.POST,
                path,
                INTERNAL,
                "{\"alert_message_id\": \"" + message + "\", \"reason\": \"" + reason + "\"}");
    }

    /** The alert's alert_actions_execution field, read from its JSON text. */
    private static JsonNode execution(JsonNode message) {
        return json(fields(message).get("alert_actions_execution"));
    }

    static Map<String, String> fields(JsonNode message) {
        Map<String, String> byName = new LinkedHashMap<>();
        message.at("/embeds/0/fields")
                .forEach(field -> byName.put(
                        field.get("name").asString(), field.get("value").asString()));
        return byName;
    }

    static Instant instant(String text) {
        return OffsetDateTime.parse(text).toInstant();
    }
}
