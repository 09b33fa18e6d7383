package dev.concord.guild.members;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** POST /internal/guilds/{id}/members/{user}/auto-moderation-timeout: a rule's TIMEOUT_USER, from webhook-service. */
class AutoModerationTimeoutIT extends GuildApiSupport {

    private static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    private Response timeOut(String guildId, Snowflake user, String body) {
        return call(
                HttpMethod.POST,
                "/internal/guilds/" + guildId + "/members/" + user + "/auto-moderation-timeout",
                INTERNAL,
                body);
    }

    private Instant until(String guildId, Snowflake user) {
        return db.sql("SELECT communication_disabled_until FROM members WHERE guild_id = :guild AND user_id = :user")
                .bind("guild", Long.parseLong(guildId))
                .bind("user", user.value())
                .map(row -> Optional.ofNullable(row.get(0, OffsetDateTime.class)))
                .one()
                .block(Duration.ofSeconds(5))
                .map(OffsetDateTime::toInstant)
                .orElse(Instant.EPOCH);
    }

    @Test
    void theMemberIsTimedOutButNeverTheOwnerAndNeverShorter() {
        Snowflake owner = newUser("owner");
        Snowflake member = newUser("loud");
        String guild =
                createGuild(owner, "{\"name\": \"Timeouts\"}").body().get("id").asString();
        addMember(guild, member);
        Instant before = Instant.now();

        assertThat(timeOut(guild, member, "{\"duration_seconds\": 600}").status())
                .isEqualTo(204);

        Instant until = until(guild, member);
        assertThat(until).isBetween(before.plusSeconds(599), Instant.now().plusSeconds(601));
        JsonNode updated = awaitEvent(e -> e.path("type").asString().equals("GUILD_MEMBER_UPDATE")
                && e.at("/data/user/id").asString().equals(member.asString()));
        assertThat(updated.at("/data/communication_disabled_until").asString()).isNotBlank();

        assertThat(timeOut(guild, member, "{\"duration_seconds\": 60}").status())
                .isEqualTo(204);
        assertThat(until(guild, member))
                .as("a shorter timeout does not cut a longer one")
                .isEqualTo(until);
        assertThat(timeOut(guild, owner, "{\"duration_seconds\": 60}").status()).isEqualTo(204);
        assertThat(until(guild, owner)).as("no timeout reaches the owner").isEqualTo(Instant.EPOCH);

        Response tooLong = timeOut(guild, member, "{\"duration_seconds\": 2419201}");
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.body().at("/errors/duration_seconds/_errors/0/code").asString())
                .isNotBlank();
        assertThat(timeOut(guild, member, "{}").status()).isEqualTo(400);
        assertThat(call(
                                HttpMethod.POST,
                                "/internal/guilds/" + guild + "/members/" + member + "/auto-moderation-timeout",
                                userToken(owner),
                                "{\"duration_seconds\": 60}")
                        .status())
                .as("only services hold the secret")
                .isEqualTo(401);
        assertThat(until(guild, member)).as("refusals change nothing").isEqualTo(until);
    }
}
