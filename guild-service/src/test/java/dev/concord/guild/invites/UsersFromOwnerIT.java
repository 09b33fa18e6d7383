package dev.concord.guild.invites;

import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.INVITE_CREATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import dev.concord.platform.test.UserServiceFake;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Users guild-service's replica has not heard of (their USER_CREATE not consumed yet) are asked of
 * remote-auth-service (a fake of this class's own, which counts the calls), stored in the replica and
 * answered whole: members, an invite's inviter, the events, never a user without a username.
 */
class UsersFromOwnerIT extends InviteApiSupport {

    static final UserServiceFake OWNER = UserServiceFake.start();
    static final AtomicLong UNSEEN = new AtomicLong(390926798626357250L);

    @DynamicPropertySource
    static void owner(DynamicPropertyRegistry registry) {
        registry.add("concord.users.base-url", OWNER::url);
    }

    @AfterAll
    static void stopOwner() {
        OWNER.close();
    }

    /** A user remote-auth-service knows and this service's replica does not. */
    static Snowflake unseenUser(String name) {
        Snowflake id = Snowflake.of(UNSEEN.incrementAndGet());
        OWNER.user(id.value(), name, false);
        return id;
    }

    long inReplica(List<Snowflake> ids) {
        return db.sql("SELECT count(*) FROM user_replica WHERE id = ANY(:ids) AND username LIKE 'far%'")
                .bind("ids", ids.stream().map(Snowflake::value).toArray(Long[]::new))
                .map(row -> row.get(0, Long.class))
                .one()
                .block(Duration.ofSeconds(5));
    }

    @Test
    void membersTheReplicaMissesAreFetchedInOneBatchedCallAndKept() {
        Guild guild = newGuild();
        List<Snowflake> unseen = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Snowflake user = unseenUser("far_" + i);
            unseen.add(user);
            addMember(guild.id(), user);
        }
        int before = OWNER.requests().size();

        Response members = get(guild.owner(), "/guilds/" + guild.id() + "/members?limit=1000");

        assertThat(members.status()).as(members.body().toString()).isEqualTo(200);
        assertThat(members.body()).hasSize(41);
        for (JsonNode member : members.body()) {
            JsonNode user = member.get("user");
            assertThat(user.get("username").isString()).as(user.toString()).isTrue();
            assertThat(user.get("discriminator").asString()).isEqualTo("0");
        }
        assertThat(members.body().get(1).get("user").get("username").asString()).isEqualTo("far_0");
        List<UserServiceFake.Request> asked =
                OWNER.requests().subList(before, OWNER.requests().size());
        assertThat(asked).as("one batched call for every missing user").hasSize(1);
        assertThat(asked.get(0).authorization()).isEqualTo("Internal " + TestTokenKeys.internalSecret());
        assertThat(asked.get(0).ids())
                .containsExactlyInAnyOrderElementsOf(
                        unseen.stream().map(Snowflake::asString).toList());
        assertThat(inReplica(unseen)).as("kept in the replica").isEqualTo(40);

        assertThat(get(guild.owner(), "/guilds/" + guild.id() + "/members?limit=1000")
                        .status())
                .isEqualTo(200);
        assertThat(OWNER.requests())
                .as("the second read comes from the replica")
                .hasSize(before + 1);
    }

    @Test
    void anInviterAndAJoinerTheReplicaMissesAreWholeInAnswersAndEvents() {
        Guild guild = newGuild();
        Snowflake inviter = unseenUser("far_inviter");
        addMember(guild.id(), inviter);
        Snowflake joiner = unseenUser("far_joiner");

        Response created = invite(inviter, guild.general(), "{}");
        assertThat(created.status()).as(created.body().toString()).isEqualTo(200);
        assertThat(created.body().get("inviter").get("username").asString()).isEqualTo("far_inviter");
        String code = created.body().get("code").asString();
        assertThat(awaitInviteEvent(INVITE_CREATE, code)
                        .path("data")
                        .path("inviter")
                        .path("username")
                        .asString())
                .isEqualTo("far_inviter");

        assertThat(join(joiner, code).status()).isEqualTo(200);
        JsonNode added = awaitEvent(e -> e.path("type").asString().equals(GUILD_MEMBER_ADD)
                && e.path("data").path("user").path("id").asString().equals(joiner.asString()));
        assertThat(added.path("data").path("user").path("username").asString()).isEqualTo("far_joiner");
    }
}
