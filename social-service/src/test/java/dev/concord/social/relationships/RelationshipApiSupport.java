package dev.concord.social.relationships;

import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.social.SocialApiSupport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Relationships of the running service: calls, stored rows and each side's events. */
abstract class RelationshipApiSupport extends SocialApiSupport {

    static final String PATH = "/users/@me/relationships";

    /** A stored side, as the test reads it. */
    record Side(int type, String nickname, boolean ignored, boolean spam, boolean stranger) {}

    Response put(Snowflake me, Snowflake target, String body) {
        return as(me, HttpMethod.PUT, PATH + "/" + target.asString(), body);
    }

    Response list(Snowflake me) {
        return as(me, HttpMethod.GET, PATH, null);
    }

    void befriend(Snowflake a, Snowflake b) {
        assertThat(put(a, b, "{}").status()).isEqualTo(204);
        assertThat(put(b, a, "{\"type\": 1}").status()).isEqualTo(204);
    }

    /** How {@code user} sees {@code target} in the table; null when there is no row. */
    Side side(Snowflake user, Snowflake target) {
        return db.sql("SELECT type, nickname, user_ignored, is_spam_request, stranger_request FROM relationships "
                        + "WHERE user_id = :u AND target_id = :t")
                .bind("u", user.value())
                .bind("t", target.value())
                .map(r -> new Side(
                        r.get("type", Short.class),
                        r.get("nickname", String.class),
                        r.get("user_ignored", Boolean.class),
                        r.get("is_spam_request", Boolean.class),
                        r.get("stranger_request", Boolean.class)))
                .one()
                .block(Duration.ofSeconds(5));
    }

    /** The event of {@code type} for {@code user} about {@code target}. */
    JsonNode awaitRelationshipEvent(String type, Snowflake user, Snowflake target) {
        return awaitEvent(type, user, e -> e.path("data").path("id").asString().equals(target.asString()));
    }

    /** Every relationship event {@code user} got so far, as "TYPE:target:relationship type". */
    List<String> eventsOf(Snowflake user) {
        return events.all().stream()
                .filter(e -> e.path("type").asString().startsWith("RELATIONSHIP_")
                        && e.path("audience")
                                .path("user_ids")
                                .path(0)
                                .asString()
                                .equals(user.asString()))
                .map(e -> e.path("type").asString() + ":"
                        + e.path("data").path("id").asString() + ":"
                        + e.path("data").path("type").asInt())
                .toList();
    }

    /** Makes two users members of one guild, as guild.events would tell this service. */
    void shareGuild(Snowflake guild, Snowflake... members) {
        for (Snowflake member : members) {
            publish(
                    "guild.events",
                    guild.asString(),
                    GUILD_MEMBER_ADD,
                    Map.of("guild_id", guild.asString()),
                    json("{\"guild_id\": \"%s\", \"user\": {\"id\": \"%s\"}}"
                            .formatted(guild.asString(), member.asString())));
        }
        await("guild members arrive")
                .atMost(Duration.ofSeconds(20))
                .until(
                        () -> db.sql("SELECT count(*) AS n FROM guild_members WHERE guild_id = :g")
                                .bind("g", guild.value())
                                .map(r -> r.get("n", Long.class))
                                .one()
                                .block(Duration.ofSeconds(5)),
                        count -> count != null && count == members.length);
    }
}
