package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.service.BatchedSweep;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Polls: sent with a message or a webhook's execution, voted on, their voters listed, ended early. */
class PollIT extends MessageApiSupport {

    @Autowired
    @Qualifier("pollEndSweep")
    BatchedSweep pollEnds;

    static final String POLL = """
            {"content": "Lunch?", "poll": {"question": {"text": "Where to?"},
             "answers": [{"poll_media": {"text": "Noodles", "emoji": {"name": "🍜"}}},
                         {"poll_media": {"text": "Tacos"}}, {"poll_media": {"text": "Salad"}}],
             "duration": 1}}""";

    String pollPath(Snowflake channel, String messageId) {
        return "/channels/" + channel + "/polls/" + messageId;
    }

    @Test
    void aPollIsSentVotedOnAndEndedByItsAuthor() {
        Place place = newPlace();
        Snowflake voter = place.member(this, "voter", MEMBER);
        Response sent = send(place.owner(), place.channel(), POLL);

        assertThat(sent.status()).as("%s", sent.body()).isEqualTo(200);
        JsonNode poll = sent.body().get("poll");
        String id = sent.body().get("id").asString();
        assertThat(poll.at("/question/text").asString()).isEqualTo("Where to?");
        assertThat(poll.at("/answers/2/answer_id").asInt()).isEqualTo(3);
        assertThat(poll.at("/answers/0/poll_media/emoji/name").asString()).isEqualTo("🍜");
        assertThat(poll.get("allow_multiselect").asBoolean()).isFalse();
        assertThat(Duration.between(
                        Instant.now(), Instant.parse(poll.get("expiry").asString())))
                .isBetween(Duration.ofMinutes(59), Duration.ofMinutes(61));
        assertThat(poll.at("/results/is_finalized").asBoolean()).isFalse();
        assertThat(awaitEvent(event -> event.path("type").asString().equals("MESSAGE_CREATE")
                                && event.at("/data/id").asString().equals(id))
                        .at("/data/poll/answers/1/poll_media/text")
                        .asString())
                .isEqualTo("Tacos");
        String path = pollPath(place.channel(), id);

        Response voted = as(voter, HttpMethod.PUT, path + "/answers/@me", "{\"answer_ids\": [2]}");
        Response changed = as(voter, HttpMethod.PUT, path + "/answers/@me", "{\"answer_ids\": [\"3\"]}");
        Response two = as(voter, HttpMethod.PUT, path + "/answers/@me", "{\"answer_ids\": [1, 2]}");
        Response unknown = as(voter, HttpMethod.PUT, path + "/answers/@me", "{\"answer_ids\": [9]}");

        assertThat(voted.status()).as("%s", voted.body()).isEqualTo(204);
        assertThat(changed.status()).as("%s", changed.body()).isEqualTo(204);
        assertThat(two.body().at("/errors/answer_ids/_errors/0/code").asString())
                .isEqualTo("POLL_ANSWER_INVALID");
        assertThat(unknown.body().at("/errors/answer_ids/_errors/0/code").asString())
                .isEqualTo("POLL_ANSWER_INVALID");
        assertThat(awaitEvent(event -> event.path("type").asString().equals("MESSAGE_POLL_VOTE_REMOVE")
                                && event.at("/data/message_id").asString().equals(id))
                        .at("/data/answer_id")
                        .asInt())
                .isEqualTo(2);
        JsonNode added = awaitEvent(event -> event.path("type").asString().equals("MESSAGE_POLL_VOTE_ADD")
                && event.at("/data/message_id").asString().equals(id)
                && event.at("/data/answer_id").asInt() == 3);
        assertThat(added.at("/data/user_id").asString()).isEqualTo(voter.asString());
        assertThat(added.at("/data/guild_id").asString())
                .isEqualTo(place.guild().asString());
        JsonNode seenByVoter =
                get(voter, "/channels/" + place.channel() + "/messages/" + id).body();
        assertThat(seenByVoter.at("/poll/results/answer_counts/2/count").asInt())
                .isEqualTo(1);
        assertThat(seenByVoter.at("/poll/results/answer_counts/2/me_voted").asBoolean())
                .isTrue();
        assertThat(seenByVoter.at("/poll/results/answer_counts/1/count").asInt())
                .isZero();
        JsonNode seenByOwner = get(place.owner(), "/channels/" + place.channel() + "/messages")
                .body()
                .get(0);
        assertThat(seenByOwner.at("/poll/results/answer_counts/2/me_voted").asBoolean())
                .isFalse();
        assertThat(get(place.owner(), path + "/answers/3")
                        .body()
                        .at("/users/0/id")
                        .asString())
                .isEqualTo(voter.asString());
        assertThat(stored("SELECT count(*) FROM poll_votes WHERE message_id = :id", Snowflake.parse(id)))
                .isEqualTo(1);

        Response notTheirs = as(voter, HttpMethod.POST, path + "/expire", null);
        Response ended = as(place.owner(), HttpMethod.POST, path + "/expire", null);
        Response late = as(voter, HttpMethod.PUT, path + "/answers/@me", "{\"answer_ids\": [1]}");
        Response again = as(place.owner(), HttpMethod.POST, path + "/expire", null);

        assertThat(notTheirs.body().get("code").asInt()).isEqualTo(50005);
        assertThat(ended.status()).as("%s", ended.body()).isEqualTo(200);
        assertThat(ended.body().at("/poll/results/is_finalized").asBoolean()).isTrue();
        assertThat(ended.body().at("/poll/results/answer_counts/2/count").asInt())
                .isEqualTo(1);
        assertThat(late.body().get("code").asInt()).isEqualTo(520001);
        assertThat(again.body().get("code").asInt()).isEqualTo(520001);
        assertThat(awaitEvent(event -> event.path("type").asString().equals("MESSAGE_UPDATE")
                                && event.at("/data/id").asString().equals(id))
                        .at("/data/poll/results/is_finalized")
                        .asBoolean())
                .isTrue();
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id AND type = 46", place.channel()))
                .isEqualTo(1);
        JsonNode page =
                get(place.owner(), "/channels/" + place.channel() + "/messages").body();
        JsonNode result = page.get(0);
        assertThat(result.get("type").asInt())
                .as(
                        "%s",
                        page.valueStream()
                                .map(m -> m.get("id") + ":" + m.get("type"))
                                .toList())
                .isEqualTo(46);
        assertThat(result.at("/author/id").asString()).isEqualTo(place.owner().asString());
        assertThat(result.at("/message_reference/message_id").asString()).isEqualTo(id);
        assertThat(result.at("/embeds/0/type").asString()).isEqualTo("poll_result");
        assertThat(field(result, "victor_answer_text")).isEqualTo("Salad");
        assertThat(field(result, "total_votes")).isEqualTo("1");
        assertThat(field(result, "poll_question_text")).isEqualTo("Where to?");
        assertThat(pollEnds.sweep().block())
                .as("an early end posts its result once")
                .isZero();
    }

    @Test
    void aPollThatRunsOutGetsItsResultMessageOnce() {
        Place place = newPlace();
        String id = send(place.owner(), place.channel(), POLL).body().get("id").asString();
        // As if it had been sent a day ago for a day: its expiry, in the column and in the poll, has passed.
        Instant ended = Instant.now().minusSeconds(1);
        db.sql("""
                        UPDATE messages SET poll_expiry = :ended, poll = jsonb_set(poll, '{expiry}', CAST(:expiry AS jsonb))
                        WHERE id = :id""")
                .bind("ended", ended)
                .bind("expiry", "\"" + ended + "\"")
                .bind("id", Snowflake.parse(id).value())
                .then()
                .block();

        assertThat(pollEnds.sweep().block()).isEqualTo(1);
        assertThat(pollEnds.sweep().block()).isZero();
        JsonNode result = get(place.owner(), "/channels/" + place.channel() + "/messages")
                .body()
                .get(0);
        assertThat(result.get("type").asInt()).isEqualTo(46);
        assertThat(field(result, "total_votes")).isEqualTo("0");
        assertThat(awaitEvent(event -> event.path("type").asString().equals("MESSAGE_CREATE")
                                && event.at("/data/id")
                                        .asString()
                                        .equals(result.get("id").asString()))
                        .at("/data/message_reference/message_id")
                        .asString())
                .isEqualTo(id);
        assertThat(get(place.owner(), "/channels/" + place.channel() + "/messages/" + id)
                        .body()
                        .at("/poll/results/is_finalized")
                        .asBoolean())
                .isTrue();
    }

    static String field(JsonNode message, String name) {
        for (JsonNode field : message.at("/embeds/0/fields")) {
            if (field.path("name").asString().equals(name)) {
                return field.path("value").asString();
            }
        }
        return "";
    }

    @Test
    void aBrokenPollIsRefusedNamingEachFieldAndNothingIsSent() {
        Place place = newPlace();
        String answers = "{\"poll_media\": {\"text\": \"x\"}},".repeat(10) + "{\"poll_media\": {\"text\": \"x\"}}";

        Response refused = send(place.owner(), place.channel(), """
                {"poll": {"question": {"text": "%s"}, "answers": [%s], "duration": 769, "layout_type": 2}}""".formatted("q".repeat(301), answers));
        Response longAnswer = send(place.owner(), place.channel(), """
                {"poll": {"question": {"text": "Q"}, "answers": [{"poll_media": {"text": "%s"}}]}}""".formatted("a".repeat(56)));

        assertThat(refused.status()).isEqualTo(400);
        JsonNode errors = refused.body().at("/errors/poll");
        assertThat(errors.at("/question/text/_errors/0/code").asString()).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(errors.at("/answers/_errors/0/code").asString()).isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(errors.at("/duration/_errors/0/code").asString()).isNotEmpty();
        assertThat(errors.at("/layout_type/_errors/0/code").asString()).isNotEmpty();
        assertThat(longAnswer
                        .body()
                        .at("/errors/poll/answers/0/poll_media/text/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", place.channel()))
                .isZero();
        assertThat(call(HttpMethod.PUT, pollPath(place.channel(), "1") + "/answers/@me", null, "{\"answer_ids\": []}")
                        .status())
                .isEqualTo(401);
    }

    @Test
    void onlyThoseWhoReadTheHistoryVoteAndBotsNever() {
        Place place = newPlace();
        String id = send(place.owner(), place.channel(), POLL).body().get("id").asString();
        String vote = pollPath(place.channel(), id) + "/answers/@me";
        Snowflake blind = place.member(this, "blind", Permission.VIEW_CHANNEL.bit());
        Snowflake bot = newId();
        knownUser(bot, "bot", "0", true);
        place.fake().member(bot.value(), MEMBER);

        assertThat(as(blind, HttpMethod.PUT, vote, "{\"answer_ids\": [1]}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50013);
        assertThat(call(HttpMethod.PUT, vote, botToken(bot), "{\"answer_ids\": [1]}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(20001);
        assertThat(as(blind, HttpMethod.GET, pollPath(place.channel(), id) + "/answers/1", null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50013);
        assertThat(as(place.owner(), HttpMethod.PUT, vote, "{\"answer_ids\": [\"x\"]}")
                        .body()
                        .at("/errors/answer_ids/0/_errors/0/code")
                        .asString())
                .isEqualTo("NUMBER_TYPE_COERCE");
        assertThat(stored("SELECT count(*) FROM poll_votes WHERE message_id = :id", Snowflake.parse(id)))
                .isZero();
    }

    @Test
    void aWebhookPostsAPoll() {
        Place place = newPlace();
        JsonNode webhook = call(
                        HttpMethod.POST,
                        "/channels/" + place.channel() + "/webhooks",
                        userToken(place.owner()),
                        "{\"name\": \"Pollster\"}")
                .body();

        Response executed = call(
                HttpMethod.POST,
                "/webhooks/" + webhook.get("id").asString() + "/"
                        + webhook.get("token").asString() + "?wait=true",
                null,
                POLL);

        assertThat(executed.status()).as("%s", executed.body()).isEqualTo(200);
        assertThat(executed.body().at("/poll/answers/0/poll_media/text").asString())
                .isEqualTo("Noodles");
        assertThat(executed.body().at("/poll/results/answer_counts/0/count").asInt())
                .isZero();
    }
}
