package dev.concord.guild.threads;

import static dev.concord.platform.events.EventTypes.THREAD_CREATE;
import static dev.concord.platform.events.EventTypes.THREAD_DELETE;
import static dev.concord.platform.events.EventTypes.THREAD_MEMBERS_UPDATE;
import static dev.concord.platform.events.EventTypes.THREAD_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Starting, reading, changing, writing in and deleting threads: bodies, rows, permissions and events. */
class ThreadApiIT extends ThreadApiSupport {

    @Test
    void aMemberStartsAPublicThreadThatViewersOfItsParentSee() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);

        Response started = start(member, guild.general(), "\"name\": \"  Plans  \", \"type\": 11");

        assertThat(started.status()).isEqualTo(201);
        JsonNode thread = started.body();
        String id = thread.get("id").asString();
        assertThat(thread.get("type").asInt()).isEqualTo(11);
        assertThat(thread.get("name").asString()).isEqualTo("Plans");
        assertThat(thread.get("parent_id").asString()).isEqualTo(guild.general());
        assertThat(thread.get("guild_id").asString()).isEqualTo(guild.id());
        assertThat(thread.get("owner_id").asString()).isEqualTo(member.asString());
        assertThat(thread.get("member_count").asInt()).isEqualTo(1);
        assertThat(thread.get("message_count").asInt()).isZero();
        JsonNode metadata = thread.get("thread_metadata");
        assertThat(metadata.get("archived").asBoolean()).isFalse();
        assertThat(metadata.get("auto_archive_duration").asInt()).isEqualTo(1440);
        assertThat(metadata.get("locked").asBoolean()).isFalse();
        assertThat(metadata.has("invitable")).as("a public thread's").isFalse();
        assertThat(metadata.get("create_timestamp").asString()).isNotEmpty();
        assertThat(get(guild.owner(), "/channels/" + id).body()).isEqualTo(thread);
        assertThat(call(HttpMethod.GET, "/internal/channels/" + id, INTERNAL, null)
                        .body())
                .isEqualTo(thread);
        assertThat(count("SELECT count(*) FROM thread_members WHERE thread_id = :id", Snowflake.parse(id)))
                .isEqualTo(1);
        assertThat(get(guild.owner(), "/guilds/" + guild.id() + "/channels").body())
                .as("threads are not among the guild's channels")
                .noneMatch(channel -> channel.get("id").asString().equals(id));
        assertThat(call(HttpMethod.GET, "/internal/guilds/" + guild.id() + "/authorization-snapshot", INTERNAL, null)
                        .body()
                        .get("threads"))
                .isEqualTo(
                        json("[{\"id\": \"" + id + "\", \"parent_id\": \"" + guild.general() + "\", \"type\": 11}]"));
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals(THREAD_CREATE)
                && e.path("data").path("id").asString().equals(id));
        assertThat(event.get("audience"))
                .isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\", \"channel_id\": \"" + guild.general() + "\"}"));
        assertThat(event.get("data").get("newly_created").asBoolean()).isTrue();
    }

    @Test
    void inAThreadSendingIsSendMessagesInThreads() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);
        String id = thread(guild.owner(), guild.general(), "\"name\": \"t\", \"type\": 11");
        long send = Permission.SEND_MESSAGES.bit();

        long before = permissions(guild, id, member);
        db.sql("UPDATE roles SET permissions = permissions & ~:bit WHERE id = :guild")
                .bind("bit", Permission.SEND_MESSAGES_IN_THREADS.bit())
                .bind("guild", Long.parseLong(guild.id()))
                .then()
                .block();
        long after = permissions(guild, id, member);

        assertThat(before & send).isEqualTo(send);
        assertThat(after & send)
                .as("SEND_MESSAGES without SEND_MESSAGES_IN_THREADS")
                .isZero();
        assertThat(permissions(guild, guild.general(), member) & send).isEqualTo(send);
    }

    @Test
    void aPrivateThreadIsSeenByItsMembersAndThreadManagersOnly() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake other = newUser("other");
        Snowflake moderator = newUser("moderator");
        addMember(guild.id(), member);
        addMember(guild.id(), other);
        addMember(guild.id(), moderator, addRole(guild.id(), 1, Permission.MANAGE_THREADS.bit()));

        JsonNode thread = start(member, guild.general(), "\"name\": \"secret\"").body();
        String id = thread.get("id").asString();

        assertThat(thread.get("type").asInt()).as("private unless told").isEqualTo(12);
        assertThat(thread.get("thread_metadata").get("invitable").asBoolean()).isTrue();
        assertThat(get(member, "/channels/" + id).status()).isEqualTo(200);
        assertThat(get(moderator, "/channels/" + id).status()).isEqualTo(200);
        assertThat(get(other, "/channels/" + id).body())
                .isEqualTo(json("{\"message\": \"Missing Access\", \"code\": 50001}"));
        assertThat(permissions(guild, id, other)).isZero();
        assertThat(permissions(guild, id, member) & Permission.VIEW_CHANNEL.bit())
                .isNotZero();
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals(THREAD_CREATE)
                && e.path("data").path("id").asString().equals(id));
        assertThat(event.get("audience"))
                .isEqualTo(json("{\"user_ids\": [\"" + member.asString() + "\"], \"guild_id\": \"" + guild.id()
                        + "\", \"channel_id\": \"" + guild.general()
                        + "\", \"required_permission\": \"MANAGE_THREADS\"}"));
    }

    @Test
    void eachChannelTakesItsOwnThreadsAndAMessageStartsOne() {
        Guild guild = newGuild();
        String announcements = channel(guild, "{\"name\": \"news\", \"type\": 5}");
        String voice = channel(guild, "{\"name\": \"talk\", \"type\": 2}");
        Snowflake owner = guild.owner();

        JsonNode news = start(owner, announcements, "\"name\": \"n\"").body();
        Response privateNews = start(owner, announcements, "\"name\": \"n\", \"type\": 12");
        Response inVoice = start(owner, voice, "\"name\": \"v\"");
        Response inThread = start(owner, news.get("id").asString(), "\"name\": \"t\"");
        Response nowhere = start(owner, "42", "\"name\": \"x\"");
        Response fromMessage = start(owner, guild.general(), "\"name\": \"m\", \"message_id\": \"77\"");
        Response again = start(owner, guild.general(), "\"name\": \"m\", \"message_id\": \"77\"");

        assertThat(news.get("type").asInt()).isEqualTo(10);
        assertThat(privateNews.body().get("errors").has("type")).isTrue();
        assertThat(inVoice.body().get("code").asInt()).isEqualTo(50024);
        assertThat(inThread.body().get("code").asInt()).isEqualTo(50024);
        assertThat(nowhere.body().get("code").asInt()).isEqualTo(10003);
        assertThat(fromMessage.body().get("id").asString())
                .as("the message's id")
                .isEqualTo("77");
        assertThat(fromMessage.body().get("type").asInt()).isEqualTo(11);
        assertThat(again.body())
                .isEqualTo(json(
                        "{\"message\": \"A thread has already been created for this message\", \"code\": 160004}"));
    }

    @Test
    void startingTakesThePlatformsPermissions() {
        Guild guild = newGuild();
        Snowflake muted = newUser("muted");
        addMember(guild.id(), muted);
        db.sql("UPDATE roles SET permissions = permissions & ~:bits WHERE id = :guild")
                .bind(
                        "bits",
                        Permission.bits(
                                Permission.CREATE_PUBLIC_THREADS,
                                Permission.CREATE_PRIVATE_THREADS,
                                Permission.SEND_MESSAGES))
                .bind("guild", Long.parseLong(guild.id()))
                .then()
                .block();
        String forum = channel(guild, "{\"name\": \"ideas\", \"type\": 15}");

        assertThat(start(muted, guild.general(), "\"name\": \"p\", \"type\": 11")
                        .status())
                .isEqualTo(403);
        assertThat(start(muted, guild.general(), "\"name\": \"p\", \"type\": 12")
                        .status())
                .isEqualTo(403);
        assertThat(start(muted, forum, "\"name\": \"post\"").body().get("code").asInt())
                .isEqualTo(50013);
        assertThat(start(newUser("stranger"), guild.general(), "\"name\": \"p\"")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(count("SELECT count(*) FROM threads WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isZero();
    }

    @Test
    void aForumPostCarriesTheForumsTags() {
        Guild guild = newGuild();
        JsonNode forum = call(
                        HttpMethod.POST,
                        "/guilds/" + guild.id() + "/channels",
                        userToken(guild.owner()),
                        "{\"name\": \"help\", \"type\": 15, \"default_thread_rate_limit_per_user\": 30,"
                                + " \"available_tags\": [{\"name\": \"bug\"}, {\"name\": \"staff\", \"moderated\": true}]}")
                .body();
        String forumId = forum.get("id").asString();
        String bug = forum.get("available_tags").get(0).get("id").asString();
        String staff = forum.get("available_tags").get(1).get("id").asString();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);
        String webhook = "\"webhook_id\": \"5150\"";

        JsonNode post = startAs(
                        webhook, forumId, "\"id\": \"9001\", \"name\": \"crash\", \"applied_tags\": [\"" + bug + "\"]")
                .body();
        Response unknownTag = start(member, forumId, "\"name\": \"x\", \"applied_tags\": [\"" + bug + "\", \"1\"]");
        Response moderated = start(member, forumId, "\"name\": \"x\", \"applied_tags\": [\"" + staff + "\"]");

        assertThat(post.get("id").asString()).isEqualTo("9001");
        assertThat(post.get("owner_id").asString()).isEqualTo("5150");
        assertThat(post.get("applied_tags")).isEqualTo(json("[\"" + bug + "\"]"));
        assertThat(post.get("rate_limit_per_user").asInt())
                .as("the forum's default")
                .isEqualTo(30);
        assertThat(post.get("member_count").asInt())
                .as("a webhook joins nothing")
                .isZero();
        assertThat(unknownTag.body().get("errors").get("applied_tags").has("1")).isTrue();
        assertThat(moderated.status()).isEqualTo(403);

        // The forum's REQUIRE_TAG flag (channel flags are not yet changed through PATCH here).
        db.sql("UPDATE channels SET flags = 16 WHERE id = :id")
                .bind("id", Long.parseLong(forumId))
                .then()
                .block();
        assertThat(start(member, forumId, "\"name\": \"untagged\"")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(40067);
    }

    @Test
    void badThreadsAreRefusedFieldByFieldAndNothingIsStored() {
        Guild guild = newGuild();
        String[][] cases = {
            {"", "name"},
            {"\"name\": \"" + "n".repeat(101) + "\"", "name"},
            {"\"name\": \"   \"", "name"},
            {"\"name\": \"x\", \"type\": 0", "type"},
            {"\"name\": \"x\", \"auto_archive_duration\": 30", "auto_archive_duration"},
            {"\"name\": \"x\", \"rate_limit_per_user\": 21601", "rate_limit_per_user"},
            {"\"name\": \"x\", \"applied_tags\": [\"1\", \"2\", \"3\", \"4\", \"5\", \"6\"]", "applied_tags"}
        };
        for (String[] c : cases) {
            Response response = start(guild.owner(), guild.general(), c[0]);
            assertThat(response.status()).as(c[0]).isEqualTo(400);
            assertThat(response.body().get("errors").has(c[1])).as(c[0]).isTrue();
        }
        assertThat(startAs("\"name\": \"x\"", guild.general(), "")
                        .body()
                        .get("errors")
                        .has("user_id"))
                .isTrue();
        assertThat(call(HttpMethod.POST, "/internal/channels/" + guild.general() + "/threads", null, "{}")
                        .status())
                .isEqualTo(401);
        assertThat(count("SELECT count(*) FROM threads WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isZero();
    }

    @Test
    void ownersRenameModeratorsLockAndAnArchivedThreadOnlyOpens() {
        Guild guild = newGuild();
        Snowflake owner = newUser("starter");
        Snowflake member = newUser("member");
        addMember(guild.id(), owner);
        addMember(guild.id(), member);
        String id = thread(owner, guild.general(), "\"name\": \"t\", \"type\": 11");

        JsonNode renamed = patch(owner, id, "{\"name\": \"renamed\", \"auto_archive_duration\": 60}")
                .body();
        Response notTheirs = patch(member, id, "{\"name\": \"mine\"}");
        Response lockByMember = patch(member, id, "{\"locked\": true}");
        JsonNode archived = patch(member, id, "{\"archived\": true}").body();
        Response renameArchived = patch(owner, id, "{\"name\": \"again\"}");
        Response lockArchived = patch(guild.owner(), id, "{\"locked\": true}");
        JsonNode locked = patch(guild.owner(), id, "{\"locked\": true, \"archived\": false}")
                .body();
        Response archiveLockedByMember = patch(member, id, "{\"archived\": true}");
        patch(guild.owner(), id, "{\"archived\": true}");

        assertThat(renamed.get("name").asString()).isEqualTo("renamed");
        assertThat(renamed.get("thread_metadata").get("auto_archive_duration").asInt())
                .isEqualTo(60);
        assertThat(notTheirs.body().get("code").asInt()).isEqualTo(50013);
        assertThat(lockByMember.status()).isEqualTo(403);
        assertThat(archived.get("thread_metadata").get("archived").asBoolean()).isTrue();
        assertThat(archived.get("thread_metadata").get("archive_timestamp").asString())
                .isNotEqualTo(
                        renamed.get("thread_metadata").get("archive_timestamp").asString());
        assertThat(renameArchived.body().get("code").asInt()).isEqualTo(50083);
        assertThat(lockArchived.body().get("code").asInt()).isEqualTo(50083);
        assertThat(locked.get("thread_metadata").get("locked").asBoolean()).isTrue();
        assertThat(archiveLockedByMember.status()).isEqualTo(403);
        assertThat(patch(member, id, "{\"archived\": false}").status())
                .as("a locked thread opens for thread managers only")
                .isEqualTo(403);
        assertThat(patch(guild.owner(), id, "{\"archived\": false}")
                        .body()
                        .get("thread_metadata")
                        .get("archived")
                        .asBoolean())
                .isFalse();
        assertThat(patch(owner, id, "{\"auto_archive_duration\": 45}")
                        .body()
                        .get("errors")
                        .has("auto_archive_duration"))
                .isTrue();
        assertThat(patch(owner, id, "{\"invitable\": false}")
                        .body()
                        .get("errors")
                        .has("invitable"))
                .isTrue();
        assertThat(eventsAbout(THREAD_UPDATE, guild.id())).hasSizeGreaterThanOrEqualTo(4);
        assertThat(call(HttpMethod.PATCH, "/channels/" + id, null, "{\"name\": \"x\"}")
                        .status())
                .isEqualTo(401);
    }

    @Test
    void aMessageOpensAnArchivedThreadAndItsAuthorJoins() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);
        String id = thread(guild.owner(), guild.general(), "\"name\": \"t\", \"type\": 11");
        patch(guild.owner(), id, "{\"archived\": true}");

        JsonNode after = message(id, member, 1_000_000_001L, false).body();
        JsonNode fromWebhook = message(id, null, 1_000_000_002L, false).body();

        assertThat(after.get("thread_metadata").get("archived").asBoolean()).isFalse();
        assertThat(after.get("message_count").asInt()).isEqualTo(1);
        assertThat(after.get("member_count").asInt()).isEqualTo(2);
        assertThat(after.get("last_message_id").asString()).isEqualTo("1000000001");
        assertThat(fromWebhook.get("total_message_sent").asInt()).isEqualTo(2);
        assertThat(fromWebhook.get("member_count").asInt()).isEqualTo(2);
        JsonNode joined = awaitEvent(e -> e.path("type").asString().equals(THREAD_MEMBERS_UPDATE)
                && e.path("data").path("id").asString().equals(id));
        assertThat(joined.get("data").get("added_members").get(0).get("user_id").asString())
                .isEqualTo(member.asString());
        assertThat(joined.at("/data/added_members/0/member/user/id").asString())
                .as("with their guild member, as clients read it")
                .isEqualTo(member.asString());
        assertThat(eventsAbout(THREAD_UPDATE, guild.id()))
                .anyMatch(e ->
                        !e.get("data").get("thread_metadata").get("archived").asBoolean());

        patch(guild.owner(), id, "{\"locked\": true}");
        assertThat(message(id, member, 1_000_000_003L, false).status()).isEqualTo(403);
        assertThat(message(id, guild.owner(), 1_000_000_004L, true).status()).isEqualTo(200);
        assertThat(message("42", member, 1_000_000_005L, false)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10003);
    }

    @Test
    void threadManagersDeleteThreads() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);
        String id = thread(member, guild.general(), "\"name\": \"t\", \"type\": 11");

        assertThat(call(HttpMethod.DELETE, "/channels/" + id, null, null).status())
                .isEqualTo(401);
        Response byMember = call(HttpMethod.DELETE, "/channels/" + id, userToken(member), null);
        Response byOwner = call(HttpMethod.DELETE, "/channels/" + id, userToken(guild.owner()), null);

        assertThat(byMember.status()).isEqualTo(403);
        assertThat(byOwner.body().get("id").asString()).isEqualTo(id);
        assertThat(get(guild.owner(), "/channels/" + id).body().get("code").asInt())
                .isEqualTo(10003);
        JsonNode deleted = awaitEvent(e -> e.path("type").asString().equals(THREAD_DELETE)
                && e.path("data").path("id").asString().equals(id));
        assertThat(deleted.get("data"))
                .isEqualTo(json("{\"id\": \"" + id + "\", \"guild_id\": \"" + guild.id() + "\", \"parent_id\": \""
                        + guild.general() + "\", \"type\": 11}"));
    }
}
