package dev.concord.guild.invites;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * When remote-auth-service cannot be reached, a user the replica misses cannot be rendered: the answer
 * is a 503 in the platform's shape (try again), never a user without a username, and nothing is stored.
 */
class UsersOwnerDownIT extends InviteApiSupport {

    @DynamicPropertySource
    static void ownerDown(DynamicPropertyRegistry registry) {
        // Port 1 (tcpmux) is never served on a test machine: the connection is refused at once.
        registry.add("concord.users.base-url", () -> "http://127.0.0.1:1");
    }

    @Test
    void aMissingUserIsA503AndAJoinChangesNothing() {
        Guild guild = newGuild();
        Snowflake unseen = Snowflake.of(490926798626357251L);
        addMember(guild.id(), unseen);

        Response members = get(guild.owner(), "/guilds/" + guild.id() + "/members?limit=1000");

        assertThat(members.status()).isEqualTo(503);
        assertThat(members.body()).isEqualTo(json("{\"message\": \"503: Service Unavailable\", \"code\": 0}"));

        String code = code(guild.owner(), guild.general(), "{}");
        Snowflake joiner = Snowflake.of(490926798626357252L);
        Response joined = join(joiner, code);
        assertThat(joined.status()).isEqualTo(503);
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", joiner))
                .as("the join rolled back")
                .isZero();
    }
}
