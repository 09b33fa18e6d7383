package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.guilds.ChannelDirectory.ChannelPlace;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.json.Possible;
import dev.concord.platform.users.PartialUser;
import dev.concord.webhook.messages.MessageEvents.EventMembers;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** MESSAGE_CREATE's data as written to Kafka: the message once, its mentions once, each with its member. */
class MessageEventsTest {

    private static final Snowflake GUILD = Snowflake.of(100);
    private static final PartialUser AUTHOR = new PartialUser(Snowflake.of(1), "author", "0", null, null, 0, false);
    private static final PartialUser MEMBER = new PartialUser(Snowflake.of(2), "member", "0", null, null, 0, false);
    private static final PartialUser OUTSIDER = new PartialUser(Snowflake.of(3), "outsider", "0", null, null, 0, false);

    @Test
    void eachMentionCarriesItsMemberAndTheMessageItsFieldsOnce() {
        JsonNode roles = Json.mapper().createObjectNode().putArray("roles");
        JsonNode member = Json.mapper()
                .createObjectNode()
                .put("joined_at", "2025-01-01T00:00:00Z")
                .set("roles", roles);
        ChannelPlace place = new ChannelPlace(Snowflake.of(10), GUILD, 0, List.of());

        DomainEvent event = MessageEvents.created(
                place,
                message(List.of(MEMBER, OUTSIDER)),
                new EventMembers(Optional.of(member), Map.of(MEMBER.id(), member)));
        String json = Json.mapper().writeValueAsString(event.data());
        JsonNode data = Json.mapper().readTree(json);

        assertThat(json.split("\"mentions\"", -1))
                .as("one mentions key: %s", json)
                .hasSize(2);
        assertThat(json.split("\"content\"", -1)).hasSize(2);
        assertThat(data.at("/mentions/0/username").asString()).isEqualTo("member");
        assertThat(data.at("/mentions/0/member/joined_at").asString()).isEqualTo("2025-01-01T00:00:00Z");
        assertThat(data.at("/mentions/1/id").asString()).isEqualTo("3");
        assertThat(data.at("/mentions/1").has("member")).isFalse();
        assertThat(data.at("/member/roles").isArray()).isTrue();
        assertThat(data.get("guild_id").asString()).isEqualTo("100");
    }

    @Test
    void aDmsMessageCarriesNoMembers() {
        ChannelPlace dm = new ChannelPlace(Snowflake.of(11), null, 1, List.of(AUTHOR.id(), MEMBER.id()));

        JsonNode data = Json.mapper()
                .valueToTree(MessageEvents.created(dm, message(List.of(MEMBER)), EventMembers.NONE)
                        .data());

        assertThat(data.has("guild_id")).isFalse();
        assertThat(data.has("member")).isFalse();
        assertThat(data.at("/mentions/0").has("member")).isFalse();
        assertThat(data.at("/mentions/0/id").asString()).isEqualTo("2");
    }

    private static MessageData message(List<PartialUser> mentions) {
        Snowflake id = Snowflake.of(5_000_000_000L);
        return new MessageData(
                id,
                Snowflake.of(10),
                0,
                "hi",
                AUTHOR,
                Json.mapper().createArrayNode(),
                Json.mapper().createArrayNode(),
                mentions,
                List.of(),
                false,
                false,
                false,
                Instant.EPOCH,
                null,
                0,
                Json.mapper().createArrayNode(),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                Possible.absent(),
                List.of());
    }
}
