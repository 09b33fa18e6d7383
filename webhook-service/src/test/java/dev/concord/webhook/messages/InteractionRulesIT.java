package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.service.BatchedSweep;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * What an interaction must be: a component the message shows, of the message's application, used as the
 * component allows, by a person who sees the message. Refused with the field named, nothing made.
 */
class InteractionRulesIT extends InteractionSupport {

    @Autowired
    @Qualifier("interactionSweep")
    BatchedSweep cleanup;

    static String select(Place place, Snowflake application, String messageId, String values) {
        return """
                {"type": 3, "application_id": "%s", "channel_id": "%s", "message_id": "%s", "session_id": "s",
                 "data": {"component_type": 3, "custom_id": "pick", "values": %s}}""".formatted(application, place.channel(), messageId, values);
    }

    @Test
    void aSelectMenusValuesAreItsOptionsWithinItsCounts() {
        Place place = newPlace();
        Snowflake bot = bot(place);
        Snowflake person = person(place);
        String messageId = componentMessage(place, bot);

        Response chosen = interact(person, select(place, bot, messageId, "[\"a\", \"b\"]"));
        Response tooMany = interact(person, select(place, bot, messageId, "[\"a\", \"b\", \"a\"]"));
        Response unknown = interact(person, select(place, bot, messageId, "[\"z\"]"));
        Response none = interact(person, select(place, bot, messageId, "[]"));

        assertThat(chosen.status()).as("%s", chosen.body()).isEqualTo(204);
        assertThat(delivered(bot, "pick").at("/data/values").toString()).isEqualTo("[\"a\",\"b\"]");
        for (Response refused : new Response[] {tooMany, unknown, none}) {
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.body().at("/errors/data/values/_errors/0/code").asString())
                    .startsWith("COMPONENT_VALUES");
        }
        assertThat(stored("SELECT count(*) FROM interactions WHERE message_id = :id", Snowflake.parse(messageId)))
                .isEqualTo(1);
    }

    @Test
    void refusesWhatTheMessageDoesNotOfferNamingTheField() {
        Place place = newPlace();
        Snowflake bot = bot(place);
        Snowflake person = person(place);
        String messageId = componentMessage(place, bot);
        String plain = send(person, place.channel(), "{\"content\": \"no components\"}")
                .body()
                .get("id")
                .asString();

        assertThat(interact(person, click(place, bot, messageId, "nope", "1"))
                        .body()
                        .at("/errors/data/custom_id/_errors/0/code")
                        .asString())
                .isEqualTo("COMPONENT_NOT_FOUND");
        assertThat(interact(person, click(place, bot, messageId, "pick", "1"))
                        .body()
                        .at("/errors/data/component_type/_errors/0/code")
                        .asString())
                .isEqualTo("COMPONENT_TYPE_MISMATCH");
        assertThat(interact(person, click(place, bot, plain, "approve", "1"))
                        .body()
                        .at("/errors/application_id/_errors/0/code")
                        .asString())
                .isEqualTo("INTERACTION_APPLICATION_MISMATCH");
        assertThat(interact(person, click(place, bot, messageId, "approve", "1").replace("\"type\": 3", "\"type\": 2"))
                        .body()
                        .at("/errors/type/_errors/0/code")
                        .asString())
                .isNotEmpty();
        assertThat(interact(person, click(place, bot, newId().asString(), "approve", "1"))
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10008);
        assertThat(stored("SELECT count(*) FROM interactions WHERE channel_id = :id", place.channel()))
                .isZero();
    }

    @Test
    void onlyPeopleWhoReadTheChannelInteract() {
        Place place = newPlace();
        Snowflake bot = bot(place);
        String messageId = componentMessage(place, bot);
        Snowflake blind = place.member(this, "blind", Permission.VIEW_CHANNEL.bit());
        String body = click(place, bot, messageId, "approve", "1");

        assertThat(call(HttpMethod.POST, "/interactions", null, body).status()).isEqualTo(401);
        assertThat(call(HttpMethod.POST, "/interactions", botToken(bot), body)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(20001);
        assertThat(interact(blind, body).body().get("code").asInt()).isEqualTo(50013);
        assertThat(stored("SELECT count(*) FROM interactions WHERE channel_id = :id", place.channel()))
                .isZero();
    }

    @Test
    void aWrongTokenIsRefusedAndExpiredInteractionsAreSwept() {
        Place place = newPlace();
        Snowflake bot = bot(place);
        Snowflake person = person(place);
        interact(person, click(place, bot, componentMessage(place, bot), "approve", "1"));
        JsonNode interaction = delivered(bot, "approve");
        Snowflake id = Snowflake.parse(interaction.get("id").asString());

        Response forged = call(
                HttpMethod.POST,
                "/interactions/" + id + "/" + InteractionTokens.PREFIX + "Zm9yZ2Vk/callback",
                null,
                "{\"type\": 6}");
        Response badType = callback(interaction, "{\"type\": 9}");

        assertThat(forged.status()).isEqualTo(404);
        assertThat(forged.body().get("code").asInt()).isEqualTo(10062);
        assertThat(badType.body().at("/errors/type/_errors/0/code").asString()).isNotEmpty();
        assertThat(stored("SELECT count(*) FROM interactions WHERE id = :id AND response_type IS NULL", id))
                .isEqualTo(1);

        db.sql("UPDATE interactions SET created_at = :at WHERE id = :id")
                .bind(
                        "at",
                        Instant.now().minus(InteractionHandler.TOKEN_LIFETIME).minusSeconds(60))
                .bind("id", id.value())
                .then()
                .block();
        assertThat(cleanup.sweep().block()).isPositive();
        assertThat(stored("SELECT count(*) FROM interactions WHERE id = :id", id))
                .isZero();
    }
}
