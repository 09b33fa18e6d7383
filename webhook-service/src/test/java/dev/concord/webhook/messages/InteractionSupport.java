package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** What the interaction tests share: a bot's message with components, a person using one, the bot's answer. */
abstract class InteractionSupport extends MessageApiSupport {

    static final String ROWS = ComponentMessagesIT.ROWS;

    /** A bot of its own application (the test tokens act for an application with the bot's id). */
    Snowflake bot(Place place) {
        Snowflake bot = newId();
        knownUser(bot, "helper", "0", true);
        place.fake().member(bot.value(), MEMBER);
        APPLICATIONS.application(bot.value(), "Helper", bot.value());
        return bot;
    }

    /** The bot's message with {@link #ROWS}: its id. */
    String componentMessage(Place place, Snowflake bot) {
        Response sent = call(
                HttpMethod.POST,
                "/channels/" + place.channel() + "/messages",
                botToken(bot),
                "{\"content\": \"Review?\", \"components\": " + ROWS + "}");
        assertThat(sent.status()).as("%s", sent.body()).isEqualTo(200);
        return sent.body().get("id").asString();
    }

    /** The body of a click on {@code customId} (a button) of the message. */
    static String click(Place place, Snowflake application, String messageId, String customId, String nonce) {
        return """
                {"type": 3, "application_id": "%s", "channel_id": "%s", "guild_id": "%s", "message_id": "%s",
                 "message_flags": 0, "session_id": "s-1", "nonce": "%s",
                 "data": {"component_type": 2, "custom_id": "%s"}}""".formatted(application, place.channel(), place.guild(), messageId, nonce, customId);
    }

    Response interact(Snowflake person, String body) {
        return call(HttpMethod.POST, "/interactions", userToken(person), body);
    }

    /** The interaction the bot received for this nonce's click: on its gateway, INTERACTION_CREATE. */
    JsonNode delivered(Snowflake bot, String customId) {
        return awaitEvent(event -> isEventFor(event, "INTERACTION_CREATE", bot)
                        && event.at("/data/data/custom_id").asString().equals(customId))
                .get("data");
    }

    Response callback(JsonNode interaction, String body) {
        return callback(interaction, "", body);
    }

    Response callback(JsonNode interaction, String query, String body) {
        return call(
                HttpMethod.POST,
                "/interactions/" + interaction.get("id").asString() + "/"
                        + interaction.get("token").asString() + "/callback" + query,
                null,
                body);
    }

    static String webhookPath(JsonNode interaction) {
        return "/webhooks/" + interaction.get("application_id").asString() + "/"
                + interaction.get("token").asString();
    }

    /** A member who sees the channel and its history. */
    Snowflake person(Place place) {
        return place.member(this, "person", MEMBER | Permission.ADD_REACTIONS.bit());
    }
}
