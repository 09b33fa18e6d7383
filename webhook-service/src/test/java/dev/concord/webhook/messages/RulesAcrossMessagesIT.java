package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisSettings;
import dev.concord.platform.test.ApiCalls.Response;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * The rules that judge a message by the ones before it, counted in Redis: SPAM (the same content too often),
 * and MENTION_SPAM's mention raid protection, where the message that makes a raid triggers the rule (blocked
 * here), the mention_raid notification is posted in the rule's alert channel, and guild-service's
 * clear-mention-raid ends it.
 */
class RulesAcrossMessagesIT extends MessageApiSupport {

    @Autowired
    RedisReactiveCommands<String, String> redis;

    @Autowired
    RedisSettings keys;

    @Test
    void mentionsAcrossMessagesMakeARaidThatIsBlockedAnnouncedAndCleared() {
        Place place = newPlace();
        Snowflake raider = place.member(this, "raider", MEMBER);
        Snowflake alerts = place.channel(this);
        Snowflake rule = newId();
        GUILD_SERVICE.autoModerationRules(place.guild().value(), """
                [{"id": "%s", "guild_id": "%s", "name": "mentions", "creator_id": "1", "event_type": 1,
                  "trigger_type": 5,
                  "trigger_metadata": {"mention_total_limit": 10, "mention_raid_protection_enabled": true},
                  "actions": [{"type": 1, "metadata": {}}, {"type": 2, "metadata": {"channel_id": "%s"}}],
                  "enabled": true, "exempt_roles": [], "exempt_channels": []}]""".formatted(rule, place.guild(), alerts));
        String fiveMentions = mentions(5);

        // 20 mentions from one author within the window are allowed (4 messages of 5, each under the limit).
        for (int i = 0; i < 4; i++) {
            Response sent = send(raider, place.channel(), fiveMentions);
            assertThat(sent.status()).as("message %d: %s", i, sent.body()).isEqualTo(200);
        }
        Response raid = send(raider, place.channel(), fiveMentions);
        assertThat(raid.status()).as("the 25th mention makes a raid").isEqualTo(400);
        assertThat(raid.body().get("code").asInt()).isEqualTo(200000);

        JsonNode notice = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                        && e.at("/data/channel_id").asString().equals(alerts.asString())
                        && e.at("/data/embeds/0/type").asString().equals("auto_moderation_notification"))
                .get("data");
        assertThat(notice.get("type").asInt()).isEqualTo(24);
        assertThat(notice.at("/author/id").asString()).isEqualTo(raider.asString());
        Map<String, String> fields = AutoModerationMessagesIT.fields(notice);
        assertThat(fields)
                .containsEntry("notification_type", "mention_raid")
                .containsEntry("raid_type", "MENTION_RAID")
                .containsKey("raid_datetime");
        Instant until = AutoModerationMessagesIT.instant(fields.get("suspicious_mention_activity_until"));
        assertThat(until).isAfter(Instant.now().plus(Duration.ofMinutes(59)));
        JsonNode executed = awaitEvent(e -> e.path("type").asString().equals("AUTO_MODERATION_ACTION_EXECUTION")
                && e.at("/data/rule_id").asString().equals(rule.asString())
                && e.at("/data/action/type").asInt() == 1);
        assertThat(executed.at("/data/rule_trigger_type").asInt()).isEqualTo(5);
        assertThat(executed.at("/data/user_id").asString()).isEqualTo(raider.asString());
        String raidEnd = keys.key("automod:mention-raid:{" + place.guild() + "}:until");
        assertThat(redis.get(raidEnd).block()).isEqualTo(Long.toString(until.toEpochMilli()));

        // Another account joining in keeps the raid going without a second notification.
        Snowflake accomplice = place.member(this, "accomplice", MEMBER);
        assertThat(send(accomplice, place.channel(), fiveMentions).status())
                .as("under every limit on its own")
                .isEqualTo(200);
        assertThat(events.all().stream()
                        .filter(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                                && e.at("/data/embeds/0/type").asString().equals("auto_moderation_notification"))
                        .count())
                .isEqualTo(1);

        Response cleared = call(
                HttpMethod.DELETE,
                "/internal/guilds/" + place.guild() + "/auto-moderation/mention-raid",
                AutoModerationMessagesIT.INTERNAL,
                null);
        assertThat(cleared.status()).isEqualTo(204);
        assertThat(redis.exists(raidEnd, keys.key("automod:mention-raid:{" + place.guild() + "}:guild"))
                        .block())
                .isZero();
    }

    @Test
    void theSameContentTooOftenIsSpam() {
        Place place = newPlace();
        Snowflake spammer = place.member(this, "spammer", MEMBER);
        Snowflake rule = newId();
        GUILD_SERVICE.autoModerationRules(place.guild().value(), """
                [{"id": "%s", "guild_id": "%s", "name": "spam", "creator_id": "1", "event_type": 1,
                  "trigger_type": 3, "trigger_metadata": {},
                  "actions": [{"type": 1, "metadata": {}}],
                  "enabled": true, "exempt_roles": [], "exempt_channels": []}]""".formatted(rule, place.guild()));

        for (int i = 0; i < 3; i++) {
            assertThat(send(spammer, place.channel(), "{\"content\": \"BUY NOW!!\"}")
                            .status())
                    .isEqualTo(200);
        }
        Response fourth = send(spammer, place.channel(), "{\"content\": \"buy   now\"}");
        assertThat(fourth.status())
                .as("the same words a fourth time within 30 s")
                .isEqualTo(400);
        assertThat(fourth.body().get("code").asInt()).isEqualTo(200000);
        JsonNode executed = awaitEvent(e -> e.path("type").asString().equals("AUTO_MODERATION_ACTION_EXECUTION")
                && e.at("/data/rule_id").asString().equals(rule.asString()));
        assertThat(executed.at("/data/rule_trigger_type").asInt()).isEqualTo(3);
        assertThat(executed.at("/data/content").asString()).isEqualTo("buy   now");
        assertThat(send(spammer, place.channel(), "{\"content\": \"something else\"}")
                        .status())
                .isEqualTo(200);
        Snowflake other = place.member(this, "other", MEMBER);
        assertThat(send(other, place.channel(), "{\"content\": \"buy now\"}").status())
                .as("counted per author")
                .isEqualTo(200);
    }

    /** A message mentioning that many users, each of whom exists. */
    private String mentions(int count) {
        List<String> named = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            named.add("<@" + newUser("mentioned") + ">");
        }
        return "{\"content\": \"" + String.join(" ", named) + "\"}";
    }
}
