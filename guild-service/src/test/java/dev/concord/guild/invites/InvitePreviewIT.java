package dev.concord.guild.invites;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /invites/{invite.code}} is public, as on the platform, where invite links are previewed
 * before anyone signs in: without a token it answers what a signed-in stranger reads (nothing in it is
 * the caller's). Every other invite route still needs a token.
 */
class InvitePreviewIT extends InviteApiSupport {

    static final JsonNode UNAUTHORIZED = json("{\"message\": \"401: Unauthorized\", \"code\": 0}");

    @Test
    void anInviteIsReadWithoutATokenAsAStrangerReadsIt() {
        Guild guild = newGuild();
        Snowflake stranger = newUser("stranger");
        String code = code(guild.owner(), guild.general(), "{\"max_age\": 600}");
        String path = "/invites/" + code;

        Response anonymous = call(HttpMethod.GET, path, null, null);
        Response counted = call(HttpMethod.GET, path + "?with_counts=true&with_expiration=true", null, null);

        assertThat(anonymous.status()).isEqualTo(200);
        assertThat(anonymous.body()).isEqualTo(get(stranger, path).body());
        assertThat(anonymous.body().get("code").asString()).isEqualTo(code);
        assertThat(METADATA).noneMatch(anonymous.body()::has);
        assertThat(anonymous.body().has("approximate_member_count")).isFalse();
        assertThat(counted.status()).isEqualTo(200);
        assertThat(counted.body())
                .isEqualTo(get(stranger, path + "?with_counts=true").body());
        assertThat(counted.body().get("approximate_member_count").asInt()).isEqualTo(1);
        assertThat(call(HttpMethod.GET, "/invites/nosuchcode", null, null).body())
                .isEqualTo(UNKNOWN_INVITE);
        expire(code);
        assertThat(call(HttpMethod.GET, path, null, null).body()).isEqualTo(UNKNOWN_INVITE);
    }

    @Test
    void everyOtherInviteRouteStillNeedsATokenAndChangesNothingWithout() {
        Guild guild = newGuild();
        String code = code(guild.owner(), guild.general(), "{}");
        String path = "/invites/" + code;

        for (HttpMethod method :
                new HttpMethod[] {HttpMethod.POST, HttpMethod.DELETE, HttpMethod.PUT, HttpMethod.PATCH}) {
            Response refused = call(method, path, null, null);
            assertThat(refused.status()).as(method.name()).isEqualTo(401);
            assertThat(refused.body()).as(method.name()).isEqualTo(UNAUTHORIZED);
        }
        assertThat(call(HttpMethod.POST, path, null, "{}").status()).isEqualTo(401);
        assertThat(call(HttpMethod.GET, "/channels/" + guild.general() + "/invites", null, null)
                        .body())
                .isEqualTo(UNAUTHORIZED);
        assertThat(call(HttpMethod.POST, "/channels/" + guild.general() + "/invites", null, "{}")
                        .body())
                .isEqualTo(UNAUTHORIZED);
        assertThat(call(HttpMethod.GET, "/guilds/" + guild.id() + "/invites", null, null)
                        .body())
                .isEqualTo(UNAUTHORIZED);
        assertThat(uses(code)).isZero();
        assertThat(memberCount(guild.id())).isEqualTo(1);
        assertThat(get(guild.owner(), path).status()).isEqualTo(200);
    }

    @Test
    void aTokenThatDoesNotVerifyIsRefusedEvenOnThePublicPreview() {
        Guild guild = newGuild();
        String path = "/invites/" + code(guild.owner(), guild.general(), "{}");

        Response forged = call(HttpMethod.GET, path, "MTIz.forged.token", null);

        assertThat(forged.status()).isEqualTo(401);
        assertThat(forged.body()).isEqualTo(UNAUTHORIZED);
        assertThat(call(HttpMethod.GET, path, null, null).status()).isEqualTo(200);
    }
}
