package dev.concord.guild.threads;

import static dev.concord.platform.events.EventTypes.THREAD_MEMBERS_UPDATE;
import static dev.concord.platform.events.EventTypes.THREAD_MEMBER_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Joining, leaving, adding and removing thread members, and reading them, with the platform's rules. */
class ThreadMembersIT extends ThreadApiSupport {

    Response member(HttpMethod method, Snowflake actor, String threadId, String target) {
        return call(method, "/channels/" + threadId + "/thread-members/" + target, userToken(actor), null);
    }

    @Test
    void membersJoinAndLeaveAndEveryoneHearsOfIt() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);
        String id = thread(guild.owner(), guild.general(), "\"name\": \"t\", \"type\": 11");

        Response joined = member(HttpMethod.PUT, member, id, "@me");
        Response again = member(HttpMethod.PUT, member, id, "@me");
        JsonNode one = get(member, "/channels/" + id + "/thread-members/" + member.asString())
                .body();
        JsonNode withMember = get(
                        member, "/channels/" + id + "/thread-members/" + member.asString() + "?with_member=true")
                .body();
        JsonNode all = get(member, "/channels/" + id + "/thread-members").body();
        JsonNode page = get(
                        member,
                        "/channels/" + id + "/thread-members?limit=1&after="
                                + guild.owner().asString())
                .body();

        assertThat(joined.status()).isEqualTo(204);
        assertThat(again.status()).as("joining twice changes nothing").isEqualTo(204);
        assertThat(one.get("id").asString()).isEqualTo(id);
        assertThat(one.get("user_id").asString()).isEqualTo(member.asString());
        assertThat(one.get("join_timestamp").asString()).isNotEmpty();
        assertThat(one.has("member")).isFalse();
        assertThat(withMember.at("/member/user/id").asString()).isEqualTo(member.asString());
        assertThat(all).hasSize(2);
        assertThat(page).hasSize(1);
        assertThat(page.get(0).get("user_id").asString()).isEqualTo(member.asString());
        assertThat(eventsAbout(THREAD_MEMBERS_UPDATE, guild.id()))
                .as("one join, however often asked")
                .hasSize(1);
        JsonNode own = awaitEvent(e -> e.path("type").asString().equals(THREAD_MEMBER_UPDATE)
                && e.at("/data/user_id").asString().equals(member.asString()));
        assertThat(own.at("/audience/user_ids/0").asString()).isEqualTo(member.asString());

        Response left = member(HttpMethod.DELETE, member, id, "@me");
        Response leftAgain = member(HttpMethod.DELETE, member, id, "@me");
        assertThat(left.status()).isEqualTo(204);
        assertThat(leftAgain.body().get("code").asInt()).isEqualTo(10007);
        assertThat(get(member, "/channels/" + id + "/thread-members/" + member.asString())
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10007);
        JsonNode removed = awaitEvent(e -> e.path("type").asString().equals(THREAD_MEMBERS_UPDATE)
                && e.at("/data/removed_member_ids/0").asString().equals(member.asString()));
        assertThat(removed.at("/data/member_count").asInt()).isEqualTo(1);
    }

    @Test
    void privateThreadsTakeOthersOnlyAsTheirRulesSay() {
        Guild guild = newGuild();
        Snowflake starter = newUser("starter");
        Snowflake friend = newUser("friend");
        Snowflake outsider = newUser("outsider");
        Snowflake stranger = newUser("stranger");
        addMember(guild.id(), starter);
        addMember(guild.id(), friend);
        addMember(guild.id(), outsider);
        String id = thread(starter, guild.general(), "\"name\": \"p\", \"invitable\": false");

        Response selfJoin = member(HttpMethod.PUT, outsider, id, "@me");
        Response notInvitable = member(HttpMethod.PUT, friend, id, outsider.asString());
        Response strangerAdded = member(HttpMethod.PUT, guild.owner(), id, stranger.asString());
        Response added = member(HttpMethod.PUT, guild.owner(), id, friend.asString());
        Response friendAddsWhenNotInvitable = member(HttpMethod.PUT, friend, id, outsider.asString());
        Response removedByFriend = member(HttpMethod.DELETE, friend, id, starter.asString());
        Response removedByOwnerOfThread = member(HttpMethod.DELETE, starter, id, friend.asString());

        assertThat(selfJoin.body().get("code").asInt())
                .as("a private thread is hidden")
                .isEqualTo(50001);
        assertThat(notInvitable.body().get("code").asInt()).isEqualTo(50001);
        assertThat(strangerAdded.body().get("code").asInt()).isEqualTo(10007);
        assertThat(added.status()).isEqualTo(204);
        assertThat(friendAddsWhenNotInvitable.body().get("code").asInt()).isEqualTo(50013);
        assertThat(removedByFriend.status()).isEqualTo(403);
        assertThat(removedByOwnerOfThread.status()).isEqualTo(204);
        assertThat(permissions(guild, id, friend))
                .as("removed, it is hidden again")
                .isZero();
    }

    @Test
    void anArchivedThreadsMembersDoNotChange() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member, addRole(guild.id(), 1, Permission.MANAGE_THREADS.bit()));
        String id = thread(guild.owner(), guild.general(), "\"name\": \"t\", \"type\": 11");
        patch(guild.owner(), id, "{\"archived\": true}");

        assertThat(member(HttpMethod.PUT, member, id, "@me").body().get("code").asInt())
                .isEqualTo(50083);
        assertThat(member(HttpMethod.DELETE, guild.owner(), id, "@me")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50083);
        assertThat(member(HttpMethod.PUT, member, "42", "@me")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10003);
        assertThat(call(HttpMethod.PUT, "/channels/" + id + "/thread-members/@me", null, null)
                        .status())
                .isEqualTo(401);
        assertThat(get(member, "/channels/" + id + "/thread-members?limit=101")
                        .body()
                        .has("errors"))
                .isTrue();
    }
}
