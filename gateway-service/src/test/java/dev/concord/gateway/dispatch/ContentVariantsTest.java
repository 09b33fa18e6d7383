package dev.concord.gateway.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A message event is encoded once as it is and at most once without content, shared by the sessions of each. */
class ContentVariantsTest {

    private static final long NO_CONTENT = ContentVariants.MESSAGE_CONTENT ^ ((1L << 17) - 1);
    private static final Snowflake BOT = Snowflake.of(10);
    private static final Snowflake OTHER_BOT = Snowflake.of(11);
    private static final Snowflake PERSON = Snowflake.of(12);

    @Test
    void botsWithoutTheIntentShareOneStrippedFrameAndEveryoneElseTheFullOne() {
        ContentVariants variants = ContentVariants.of(Json.mapper(), message("{\"id\":\"12\"}", "[]"));

        DispatchFrame person = variants.frameFor(false, NO_CONTENT, PERSON);
        DispatchFrame entitledBot = variants.frameFor(true, ContentVariants.MESSAGE_CONTENT, BOT);
        DispatchFrame bot = variants.frameFor(true, NO_CONTENT, BOT);
        DispatchFrame otherBot = variants.frameFor(true, NO_CONTENT, OTHER_BOT);

        assertThat(entitledBot).isSameAs(person);
        assertThat(otherBot).isSameAs(bot).isNotSameAs(person);
        JsonNode stripped = Json.mapper().readTree(bot.text(1)).get("d");
        assertThat(stripped.get("content").stringValue()).isEmpty();
        assertThat(stripped.get("embeds")).isEmpty();
        assertThat(stripped.get("attachments")).isEmpty();
        assertThat(stripped.get("components")).isEmpty();
        assertThat(stripped.has("poll")).isFalse();
        assertThat(stripped.get("id").stringValue()).isEqualTo("900");
        assertThat(Json.mapper()
                        .readTree(person.text(1))
                        .get("d")
                        .get("content")
                        .stringValue())
                .isEqualTo("secret plans");
    }

    @Test
    void aBotReadsItsOwnMessagesAndThoseThatMentionIt() {
        ContentVariants own = ContentVariants.of(Json.mapper(), message("{\"id\":\"10\"}", "[]"));
        ContentVariants mentioning = ContentVariants.of(Json.mapper(), message("{\"id\":\"12\"}", "[{\"id\":\"10\"}]"));

        assertThat(text(own.frameFor(true, NO_CONTENT, BOT))).contains("secret plans");
        assertThat(text(mentioning.frameFor(true, NO_CONTENT, BOT))).contains("secret plans");
        assertThat(text(mentioning.frameFor(true, NO_CONTENT, OTHER_BOT))).doesNotContain("secret plans");
    }

    @Test
    void otherEventsAreNeverStripped() {
        EventEnvelope update = new EventEnvelope(
                Snowflake.of(1),
                "GUILD_UPDATE",
                OffsetDateTime.now(),
                "test",
                null,
                Json.mapper().readTree("{\"content\":\"x\"}"));
        ContentVariants variants = ContentVariants.of(Json.mapper(), update);

        assertThat(variants.frameFor(true, NO_CONTENT, BOT)).isSameAs(variants.frameFor(false, 0, PERSON));
    }

    private static String text(DispatchFrame frame) {
        return frame.text(1);
    }

    private static EventEnvelope message(String author, String mentions) {
        JsonNode data = Json.mapper()
                .readTree("{\"id\":\"900\",\"guild_id\":\"5\",\"channel_id\":\"6\",\"author\":" + author
                        + ",\"mentions\":" + mentions + ",\"content\":\"secret plans\",\"embeds\":[{\"title\":\"t\"}],"
                        + "\"attachments\":[{\"id\":\"1\"}],\"components\":[{\"type\":1}],\"poll\":{\"question\":{}}}");
        return new EventEnvelope(Snowflake.of(1), "MESSAGE_CREATE", OffsetDateTime.now(), "test", null, data);
    }
}
