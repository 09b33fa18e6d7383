package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.GuildServiceFake;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** {@code POST /channels/{id}/messages}: the message, its row, its event, its mentions and its refusals. */
class MessageSendIT extends MessageApiSupport {

    @Test
    void aMemberSendsAndTheChannelHearsIt() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);

        Response sent =
                send(author, place.channel(), "{\"content\": \"hello there\", \"nonce\": \"n-1\", \"tts\": true}");

        assertThat(sent.status()).as("%s", sent.body()).isEqualTo(200);
        JsonNode message = sent.body();
        assertThat(message.get("content").asString()).isEqualTo("hello there");
        assertThat(message.get("channel_id").asString())
                .isEqualTo(place.channel().asString());
        assertThat(message.at("/author/id").asString()).isEqualTo(author.asString());
        assertThat(message.get("type").asInt()).isZero();
        assertThat(message.get("nonce").asString()).isEqualTo("n-1");
        assertThat(message.get("tts").asBoolean()).as("no SEND_TTS_MESSAGES").isFalse();
        assertThat(message.get("edited_timestamp").isNull()).isTrue();
        assertThat(message.get("mentions")).isEmpty();
        assertThat(message.get("embeds")).isEmpty();
        assertThat(message.has("guild_id")).as("only in the event").isFalse();
        Snowflake id = Snowflake.parse(message.get("id").asString());
        assertThat(message.get("timestamp").asString()).isEqualTo(id.timestamp().toString());

        assertThat(stored("SELECT count(*) FROM messages WHERE id = :id", id)).isEqualTo(1);
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(id.asString()));
        assertThat(event.at("/data/guild_id").asString())
                .isEqualTo(place.guild().asString());
        assertThat(event.at("/data/nonce").asString()).isEqualTo("n-1");
        assertThat(event.at("/data/member/joined_at").isString())
                .as("the author's member, as clients without a member list read it")
                .isTrue();
        assertThat(event.at("/data/member/roles").isArray()).isTrue();
        assertThat(event.at("/data/member").has("user"))
                .as("the author is the message's")
                .isFalse();
        assertThat(event.at("/audience/channel_id").asString())
                .isEqualTo(place.channel().asString());
        assertThat(event.at("/audience/guild_id").asString())
                .isEqualTo(place.guild().asString());
    }

    @Test
    void aRoleIsMentionedWhenAnyoneMayMentionItOrTheAuthorMayMentionEveryone() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);
        Snowflake pinged = place.member(this, "pinged", MEMBER);
        Snowflake quiet = place.member(this, "quiet", MEMBER);
        long open = GuildServiceFake.Guild.roleOf(pinged.value());
        long closed = GuildServiceFake.Guild.roleOf(quiet.value());
        place.fake().mentionable(open);
        String content = "{\"content\": \"<@&" + open + "> <@&" + closed + "> <@&" + place.guild() + "> <@&42>\"}";

        JsonNode byMember = send(author, place.channel(), content).body();
        JsonNode byOwner = send(place.owner(), place.channel(), content).body();

        assertThat(byMember.get("mention_roles").valueStream().map(JsonNode::asString))
                .as("no MENTION_EVERYONE: only the role anyone may mention")
                .containsExactly(Long.toString(open));
        assertThat(byOwner.get("mention_roles").valueStream().map(JsonNode::asString))
                .as("MENTION_EVERYONE: every role of the guild but @everyone's")
                .containsExactly(Long.toString(open), Long.toString(closed));
        assertThat(stored(
                        "SELECT cardinality(mention_role_ids)::bigint FROM messages WHERE id = :id",
                        Snowflake.parse(byMember.get("id").asString())))
                .isEqualTo(1);
    }

    @Test
    void mentionsAreWhatTheContentNamesTheAllowancesLetThroughAndExists() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);
        Snowflake friend = place.member(this, "friend", MEMBER);
        Snowflake other = place.member(this, "other", MEMBER);
        String content = "hi <@" + friend + "> and <@!" + other + "> and <@123456789012345678> @everyone";

        JsonNode all = send(author, place.channel(), "{\"content\": \"" + content + "\"}")
                .body();
        JsonNode onlyFriend = send(
                        author,
                        place.channel(),
                        "{\"content\": \"" + content + "\", \"allowed_mentions\": {\"users\": [\"" + friend + "\"]}}")
                .body();
        JsonNode byOwner = send(place.owner(), place.channel(), "{\"content\": \"@here look\"}")
                .body();

        assertThat(all.get("mentions").valueStream().map(u -> u.get("id").asString()))
                .containsExactly(friend.asString(), other.asString());
        assertThat(all.get("mention_everyone").asBoolean())
                .as("no MENTION_EVERYONE")
                .isFalse();
        assertThat(onlyFriend.get("mentions").valueStream().map(u -> u.get("id").asString()))
                .containsExactly(friend.asString());
        assertThat(byOwner.get("mention_everyone").asBoolean()).isTrue();
        assertThat(all.at("/mentions/0").has("member"))
                .as("members only in the event")
                .isFalse();
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(all.get("id").asString()));
        assertThat(event.at("/data/mentions/0/id").asString()).isEqualTo(friend.asString());
        assertThat(event.at("/data/mentions/0/username").isString()).isTrue();
        assertThat(event.at("/data/mentions/0/member/joined_at").isString())
                .as("each mentioned member's member, as the platform's MESSAGE_CREATE carries it")
                .isTrue();
        assertThat(event.at("/data/mentions/1/member/roles").isArray()).isTrue();
        assertThat(event.at("/data/mentions/0/member").has("user")).isFalse();
    }

    @Test
    void aMentionedUserWhoIsNoMemberComesWithoutAMember() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);
        Snowflake outsider = newUser("outsider");

        JsonNode sent = send(author, place.channel(), "{\"content\": \"hey <@" + outsider + ">\"}")
                .body();

        assertThat(sent.at("/mentions/0/id").asString()).isEqualTo(outsider.asString());
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(sent.get("id").asString()));
        assertThat(event.at("/data/mentions/0/id").asString()).isEqualTo(outsider.asString());
        assertThat(event.at("/data/mentions/0").has("member")).isFalse();
        assertThat(event.at("/data/mentions")).hasSize(1);
    }

    @Test
    void aReplyCarriesItsReferenceTheRepliedMessageAndMentionsItsAuthor() {
        Place place = newPlace();
        Snowflake asker = place.member(this, "asker", MEMBER);
        Snowflake answerer = place.member(this, "answerer", MEMBER);
        String question = send(asker, place.channel(), "{\"content\": \"why?\"}")
                .body()
                .get("id")
                .asString();

        JsonNode reply = send(
                        answerer,
                        place.channel(),
                        "{\"content\": \"because\", \"message_reference\": {\"message_id\": \"" + question + "\"}}")
                .body();
        JsonNode quiet = send(
                        answerer,
                        place.channel(),
                        "{\"content\": \"also\", \"message_reference\": {\"message_id\": \"" + question
                                + "\"}, \"allowed_mentions\": {\"parse\": []}}")
                .body();
        Response missing = send(
                answerer, place.channel(), "{\"content\": \"x\", \"message_reference\": {\"message_id\": \"42\"}}");
        JsonNode lenient = send(
                        answerer,
                        place.channel(),
                        "{\"content\": \"x\", \"message_reference\": {\"message_id\": \"42\", \"fail_if_not_exists\": false}}")
                .body();

        assertThat(reply.get("type").asInt()).isEqualTo(19);
        assertThat(reply.at("/message_reference/message_id").asString()).isEqualTo(question);
        assertThat(reply.at("/message_reference/guild_id").asString())
                .isEqualTo(place.guild().asString());
        assertThat(reply.at("/referenced_message/id").asString()).isEqualTo(question);
        assertThat(reply.at("/referenced_message/content").asString()).isEqualTo("why?");
        assertThat(reply.at("/mentions/0/id").asString()).isEqualTo(asker.asString());
        assertThat(quiet.get("mentions")).isEmpty();
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.body()
                        .at("/errors/message_reference/message_id/_errors/0/code")
                        .asString())
                .isEqualTo("MESSAGE_REFERENCE_UNKNOWN_MESSAGE");
        assertThat(lenient.get("type").asInt()).isZero();
        assertThat(lenient.has("message_reference")).isFalse();
    }

    @Test
    void anEnforcedNonceAnswersTheFirstMessageAgain() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);
        String body = "{\"content\": \"once\", \"nonce\": 12345, \"enforce_nonce\": true}";

        JsonNode first = send(author, place.channel(), body).body();
        JsonNode again = send(author, place.channel(), body).body();

        assertThat(again.get("id").asString()).isEqualTo(first.get("id").asString());
        assertThat(first.get("nonce").asString()).isEqualTo("12345");
        assertThat(stored("SELECT count(*) FROM messages WHERE author_id = :id", author))
                .isEqualTo(1);
    }

    @Test
    void embedsAreStoredAsRichWithTheirFields() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);

        JsonNode sent = send(
                        author,
                        place.channel(),
                        "{\"embeds\": [{\"title\": \"T\", \"description\": \"D\", \"url\": \"https://example.com/\","
                                + " \"color\": 16711680, \"timestamp\": \"2026-01-02T03:04:05+01:00\","
                                + " \"fields\": [{\"name\": \"a\", \"value\": \"b\"}], \"footer\": {\"text\": \"f\"}}]}")
                .body();

        JsonNode embed = sent.at("/embeds/0");
        assertThat(embed.get("type").asString()).isEqualTo("rich");
        assertThat(embed.get("title").asString()).isEqualTo("T");
        assertThat(embed.get("color").asInt()).isEqualTo(16711680);
        assertThat(embed.get("timestamp").asString()).isEqualTo("2026-01-02T02:04:05Z");
        assertThat(embed.at("/fields/0/inline").asBoolean()).isFalse();
        assertThat(embed.at("/footer/text").asString()).isEqualTo("f");
    }

    @Test
    void refusalsNameTheFieldAndChangeNothing() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER);
        Snowflake reader = place.member(this, "reader", Permission.VIEW_CHANNEL.bit());
        Snowflake stranger = newUser("stranger");
        String longContent = "x".repeat(2001);
        String bigEmbeds = "{\"embeds\": [{\"description\": \"" + "d".repeat(4000) + "\"}, {\"description\": \""
                + "d".repeat(2001) + "\"}]}";

        assertThat(send(author, place.channel(), "{\"content\": \"" + longContent + "\"}")
                        .body()
                        .at("/errors/content/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(send(author, place.channel(), "{\"content\": \"  \"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50006);
        assertThat(send(author, place.channel(), bigEmbeds)
                        .body()
                        .at("/errors/embeds/_errors/0/code")
                        .asString())
                .isEqualTo("MAX_EMBED_SIZE_EXCEEDED");
        assertThat(send(author, place.channel(), "{\"embeds\": [{\"url\": \"javascript:alert(1)\"}]}")
                        .body()
                        .at("/errors/embeds/0/url/_errors/0/code")
                        .asString())
                .isEqualTo("URL_TYPE_INVALID_URL");
        assertThat(send(author, place.channel(), "{\"content\": \"x\", \"flags\": 1}")
                        .body()
                        .at("/errors/flags/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_BAD_FLAGS");
        assertThat(send(author, place.channel(), "{\"content\": \"x\", \"nonce\": \"" + "n".repeat(26) + "\"}")
                        .status())
                .isEqualTo(400);
        assertThat(send(
                                author,
                                place.channel(),
                                "{\"content\": \"x\", \"allowed_mentions\": {\"parse\": [\"users\"], \"users\": [\"1\"]}}")
                        .body()
                        .at("/errors/allowed_mentions/_errors/0/code")
                        .asString())
                .isEqualTo("MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE");
        assertThat(send(reader, place.channel(), "{\"content\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .as("no SEND_MESSAGES")
                .isEqualTo(50013);
        assertThat(send(stranger, place.channel(), "{\"content\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .as("not a member")
                .isEqualTo(50001);
        assertThat(send(author, Snowflake.of(77), "{\"content\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10003);
        assertThat(call(HttpMethod.POST, "/channels/" + place.channel() + "/messages", null, "{\"content\": \"x\"}")
                        .status())
                .isEqualTo(401);
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", place.channel()))
                .isZero();
    }

    @Test
    void aCategoryHoldsNoMessages() {
        Place place = newPlace();
        GUILD_SERVICE.channelType(place.channel().value(), 4);

        Response sent = send(place.owner(), place.channel(), "{\"content\": \"x\"}");

        assertThat(sent.status()).isEqualTo(400);
        assertThat(sent.body().get("code").asInt()).isEqualTo(50008);
    }
}
