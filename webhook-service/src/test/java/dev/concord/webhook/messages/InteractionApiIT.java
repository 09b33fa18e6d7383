package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * A person uses a component and the application answers: the interaction on the bot's gateway, the
 * callback's four answers, the person's INTERACTION_CREATE / SUCCESS / FAILURE, the answer and follow-ups
 * through the interaction's webhook.
 */
class InteractionApiIT extends InteractionSupport {

    @Test
    void aClickReachesTheBotWhichUpdatesTheMessage() {
        Place place = newPlace();
        Snowflake bot = bot(place);
        Snowflake person = person(place);
        String messageId = componentMessage(place, bot);

        Response clicked = interact(person, click(place, bot, messageId, "approve", "7001"));

        assertThat(clicked.status()).as("%s", clicked.body()).isEqualTo(204);
        JsonNode interaction = delivered(bot, "approve");
        assertThat(interaction.get("type").asInt()).isEqualTo(3);
        assertThat(interaction.get("version").asInt()).isEqualTo(1);
        assertThat(interaction.get("application_id").asString()).isEqualTo(bot.asString());
        assertThat(interaction.get("guild_id").asString())
                .isEqualTo(place.guild().asString());
        assertThat(interaction.get("channel_id").asString())
                .isEqualTo(place.channel().asString());
        assertThat(interaction.at("/data/component_type").asInt()).isEqualTo(2);
        assertThat(interaction.at("/member/user/id").asString()).isEqualTo(person.asString());
        assertThat(interaction.at("/member/permissions").asString()).isNotEmpty();
        assertThat(interaction.at("/message/id").asString()).isEqualTo(messageId);
        assertThat(interaction.get("token").asString()).startsWith(InteractionTokens.PREFIX);
        assertThat(interaction.get("entitlements").isArray()).isTrue();
        JsonNode made = awaitEvent(event -> isEventFor(event, "INTERACTION_CREATE", person));
        assertThat(made.at("/data/nonce").asString()).isEqualTo("7001");
        assertThat(made.at("/data/id").asString())
                .isEqualTo(interaction.get("id").asString());

        Response updated = callback(interaction, """
                {"type": 7, "data": {"content": "Approved", "components": []}}""");
        Response again = callback(interaction, "{\"type\": 6}");

        assertThat(updated.status()).as("%s", updated.body()).isEqualTo(204);
        JsonNode message = get(person, "/channels/" + place.channel() + "/messages/" + messageId)
                .body();
        assertThat(message.get("content").asString()).isEqualTo("Approved");
        assertThat(message.get("components").isEmpty()).isTrue();
        assertThat(awaitEvent(event -> event.path("type").asString().equals("MESSAGE_UPDATE")
                                && event.at("/data/id").asString().equals(messageId))
                        .at("/data/content")
                        .asString())
                .isEqualTo("Approved");
        assertThat(awaitEvent(event -> isEventFor(event, "INTERACTION_SUCCESS", person))
                        .at("/data/nonce")
                        .asString())
                .isEqualTo("7001");
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.body().get("code").asInt()).isEqualTo(40060);
        assertThat(stored(
                        "SELECT response_type FROM interactions WHERE id = :id",
                        Snowflake.parse(interaction.get("id").asString())))
                .isEqualTo(7);
    }

    @Test
    void aChannelMessageAnswerThenItsOriginalAndFollowUpsThroughTheToken() {
        Place place = newPlace();
        Snowflake bot = bot(place);
        Snowflake person = person(place);
        String messageId = componentMessage(place, bot);
        interact(person, click(place, bot, messageId, "approve", "7002"));
        JsonNode interaction = delivered(bot, "approve");

        Response answered = callback(interaction, "?with_response=true", """
                {"type": 4, "data": {"content": "Thanks <@%s>"}}""".formatted(person));

        assertThat(answered.status()).as("%s", answered.body()).isEqualTo(200);
        JsonNode reply = answered.body().at("/resource/message");
        assertThat(answered.body().at("/resource/type").asInt()).isEqualTo(4);
        assertThat(answered.body().at("/interaction/response_message_id").asString())
                .isEqualTo(reply.get("id").asString());
        assertThat(reply.at("/author/id").asString()).isEqualTo(bot.asString());
        assertThat(reply.get("webhook_id").asString()).isEqualTo(bot.asString());
        assertThat(reply.get("application_id").asString()).isEqualTo(bot.asString());
        assertThat(reply.at("/interaction_metadata/interacted_message_id").asString())
                .isEqualTo(messageId);
        assertThat(reply.at("/interaction_metadata/user/id").asString()).isEqualTo(person.asString());
        assertThat(reply.at("/mentions/0/id").asString()).isEqualTo(person.asString());

        String path = webhookPath(interaction);
        Response original = call(HttpMethod.GET, path + "/messages/@original", null, null);
        Response edited = call(HttpMethod.PATCH, path + "/messages/@original", null, "{\"content\": \"Thanks!\"}");
        Response followUp = call(HttpMethod.POST, path + "?wait=true", null, "{\"content\": \"One more thing\"}");

        assertThat(original.status()).as("%s", original.body()).isEqualTo(200);
        assertThat(original.body().get("id").asString())
                .isEqualTo(reply.get("id").asString());
        assertThat(edited.status()).as("%s", edited.body()).isEqualTo(200);
        assertThat(edited.body().get("content").asString()).isEqualTo("Thanks!");
        assertThat(followUp.status()).as("%s", followUp.body()).isEqualTo(200);
        assertThat(followUp.body()
                        .at("/interaction_metadata/original_response_message_id")
                        .asString())
                .isEqualTo(reply.get("id").asString());
        String followUpId = followUp.body().get("id").asString();
        assertThat(call(HttpMethod.DELETE, path + "/messages/" + followUpId, null, null)
                        .status())
                .isEqualTo(204);
        assertThat(get(person, "/channels/" + place.channel() + "/messages/" + followUpId)
                        .status())
                .isEqualTo(404);
        assertThat(call(HttpMethod.GET, path + "/messages/" + messageId, null, null)
                        .status())
                .as("the component's message is the bot's own, not the answer's: it may read it")
                .isEqualTo(200);
        Snowflake thread = newId();
        GUILD_SERVICE.thread(
                place.guild().value(), thread.value(), place.channel().value(), 11);
        Response inThread = call(
                HttpMethod.POST, path + "?wait=true&thread_id=" + thread, null, "{\"content\": \"Details inside\"}");
        assertThat(inThread.status()).as("%s", inThread.body()).isEqualTo(200);
        assertThat(inThread.body().get("channel_id").asString()).isEqualTo(thread.asString());
        String threadMessage = path + "/messages/" + inThread.body().get("id").asString();
        assertThat(call(HttpMethod.GET, threadMessage + "?thread_id=" + thread, null, null)
                        .status())
                .isEqualTo(200);
        assertThat(call(HttpMethod.GET, threadMessage, null, null).status())
                .as("without thread_id it is looked for in the interaction's channel")
                .isEqualTo(404);
        assertThat(call(HttpMethod.POST, path + "?thread_id=" + place.channel(this), null, "{\"content\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10003);
        assertThat(call(
                                HttpMethod.GET,
                                "/webhooks/" + newId() + "/"
                                        + interaction.get("token").asString() + "/messages/@original",
                                null,
                                null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10015);

        // The token's 15 minutes over: the answer can no longer be read, edited or followed up.
        db.sql("UPDATE interactions SET created_at = created_at - interval '16 minutes' WHERE id = :id")
                .bind("id", Snowflake.parse(interaction.get("id").asString()).value())
                .then()
                .block();
        Response expired = call(HttpMethod.GET, path + "/messages/@original", null, null);
        assertThat(expired.status()).isEqualTo(401);
        assertThat(expired.body().get("code").asInt()).isEqualTo(50027);
    }

    @Test
    void anEphemeralAnswerReachesOnlyThePersonAndADeferredOneLoadsUntilEdited() {
        Place place = newPlace();
        Snowflake bot = bot(place);
        Snowflake person = person(place);
        Snowflake other = place.member(this, "other", MEMBER);
        String messageId = componentMessage(place, bot);
        interact(person, click(place, bot, messageId, "approve", "7003"));
        JsonNode first = delivered(bot, "approve");

        Response ephemeral = callback(first, "?with_response=true", """
                {"type": 4, "data": {"content": "Only you", "flags": 64}}""");

        assertThat(ephemeral.status()).as("%s", ephemeral.body()).isEqualTo(200);
        String ephemeralId = ephemeral.body().at("/resource/message/id").asString();
        assertThat(ephemeral
                        .body()
                        .at("/interaction/response_message_ephemeral")
                        .asBoolean())
                .isTrue();
        JsonNode created = awaitEvent(event -> event.path("type").asString().equals("MESSAGE_CREATE")
                && event.at("/data/id").asString().equals(ephemeralId));
        assertThat(created.at("/audience/user_ids").toString()).isEqualTo("[\"" + person + "\"]");
        assertThat(get(other, "/channels/" + place.channel() + "/messages")
                        .body()
                        .toString())
                .doesNotContain(ephemeralId);
        assertThat(get(other, "/channels/" + place.channel() + "/messages/" + ephemeralId)
                        .status())
                .isEqualTo(404);

        interact(person, click(place, bot, messageId, "approve", "7004"));
        JsonNode second = awaitEvent(event -> isEventFor(event, "INTERACTION_CREATE", bot)
                        && !event.at("/data/id")
                                .asString()
                                .equals(first.get("id").asString()))
                .get("data");
        Response deferred = callback(second, "?with_response=true", "{\"type\": 5}");
        String loadingId =
                deferred.body().at("/interaction/response_message_id").asString();
        assertThat(deferred.body().at("/interaction/response_message_loading").asBoolean())
                .isTrue();
        assertThat(call(HttpMethod.GET, webhookPath(second) + "/messages/@original", null, null)
                                .body()
                                .get("flags")
                                .asInt()
                        & 128)
                .isEqualTo(128);
        Response filled =
                call(HttpMethod.PATCH, webhookPath(second) + "/messages/@original", null, "{\"content\": \"Done\"}");

        assertThat(filled.status()).as("%s", filled.body()).isEqualTo(200);
        assertThat(filled.body().get("id").asString()).isEqualTo(loadingId);
        assertThat(filled.body().get("flags").asInt() & 128).isZero();
        assertThat(filled.body().get("content").asString()).isEqualTo("Done");
    }

    @Test
    void anInteractionNobodyAnswersFails() {
        Place place = newPlace();
        Snowflake bot = bot(place);
        Snowflake person = person(place);
        String messageId = componentMessage(place, bot);

        interact(person, click(place, bot, messageId, "approve", "7005"));
        JsonNode interaction = delivered(bot, "approve");

        JsonNode failed = awaitEvent(event -> isEventFor(event, "INTERACTION_FAILURE", person));
        assertThat(failed.at("/data/id").asString())
                .isEqualTo(interaction.get("id").asString());
        Response late = callback(interaction, "{\"type\": 6}");
        assertThat(late.status()).isEqualTo(404);
        assertThat(late.body().get("code").asInt()).isEqualTo(10062);
        assertThat(stored(
                        "SELECT count(*) FROM interactions WHERE id = :id AND failed",
                        Snowflake.parse(interaction.get("id").asString())))
                .isEqualTo(1);
    }

    @Test
    void anInteractionsEndpointAnswersInItsResponse() {
        Place place = newPlace();
        Snowflake bot = newId();
        knownUser(bot, "hooked", "0", true);
        place.fake().member(bot.value(), MEMBER);
        APPLICATIONS.applicationWithEndpoint(
                bot.value(),
                "Hooked",
                bot.value(),
                new dev.concord.platform.test.ApplicationServiceFake.EndpointAnswer(
                        200, "{\"type\": 4, \"data\": {\"content\": \"From the endpoint\"}}"));
        Snowflake person = person(place);
        String messageId = componentMessage(place, bot);

        Response clicked = interact(person, click(place, bot, messageId, "approve", "7006"));

        assertThat(clicked.status()).as("%s", clicked.body()).isEqualTo(204);
        JsonNode sent = APPLICATIONS.delivered().stream()
                .filter(payload -> payload.at("/message/id").asString().equals(messageId))
                .findFirst()
                .orElseThrow();
        assertThat(sent.at("/data/custom_id").asString()).isEqualTo("approve");
        JsonNode answer =
                get(person, "/channels/" + place.channel() + "/messages").body().get(0);
        assertThat(answer.get("content").asString()).isEqualTo("From the endpoint");
        assertThat(awaitEvent(event -> isEventFor(event, "INTERACTION_SUCCESS", person)
                        && event.at("/data/id").asString().equals(sent.get("id").asString())))
                .isNotNull();
    }
}
