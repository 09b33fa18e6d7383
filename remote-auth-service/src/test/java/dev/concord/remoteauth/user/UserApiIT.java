package dev.concord.remoteauth.user;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.remoteauth.support.Accounts;
import dev.concord.remoteauth.support.Accounts.Account;
import dev.concord.remoteauth.support.Api.Response;
import dev.concord.remoteauth.support.ApiTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** GET /users/@me and GET /users/{user.id}, for every kind of token. */
class UserApiIT extends ApiTestSupport {

    @Autowired
    SnowflakeGenerator ids;

    @Test
    void meIsTheFullUserWithEmail() {
        String username = Accounts.uniqueName("me");
        Account account = accounts.register(username, username + "@example.org", "Me Myself");

        Response response = api.get("/users/@me", account.token());

        assertThat(response.status()).isEqualTo(200);
        JsonNode me = response.body();
        assertThat(me.propertyNames())
                .containsExactly(
                        "id",
                        "username",
                        "discriminator",
                        "global_name",
                        "avatar",
                        "avatar_decoration_data",
                        "primary_guild",
                        "banner",
                        "accent_color",
                        "bio",
                        "locale",
                        "mfa_enabled",
                        "verified",
                        "email",
                        "flags",
                        "premium_type",
                        "public_flags",
                        "bot",
                        "system");
        assertThat(me.path("id").asString()).isEqualTo(account.id());
        assertThat(me.path("username").asString()).isEqualTo(username);
        assertThat(me.path("discriminator").asString()).isEqualTo("0");
        assertThat(me.path("global_name").asString()).isEqualTo("Me Myself");
        assertThat(me.path("email").asString()).isEqualTo(username + "@example.org");
        assertThat(me.path("avatar").isNull()).isTrue();
        assertThat(me.path("bio").asString()).isEmpty();
        assertThat(me.path("locale").asString()).isEqualTo("en-US");
        assertThat(me.path("mfa_enabled").asBoolean(true)).isFalse();
        assertThat(me.path("premium_type").asInt(-1)).isZero();
        assertThat(me.path("bot").asBoolean(true)).isFalse();
        assertThat(me.path("system").asBoolean(true)).isFalse();
    }

    @Test
    void botsMayReadThemselvesWithoutAnEmail() {
        Snowflake botId = insertBot();
        String bot = tokens.bot(botId, ids.next());

        Response response = api.get("/users/@me", bot);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().path("id").asString()).isEqualTo(botId.asString());
        assertThat(response.body().path("bot").asBoolean()).isTrue();
        assertThat(response.body().path("email").isNull()).isTrue();
    }

    @Test
    void oauth2NeedsIdentifyAndEmailScopes() {
        Account account = accounts.register();
        Snowflake user = Snowflake.parse(account.id());

        Response identify = api.get("/users/@me", bearer(user, "identify"));
        Response withEmail = api.get("/users/@me", bearer(user, "identify", "email"));
        Response neither = api.get("/users/@me", bearer(user, "guilds"));

        assertThat(identify.status()).isEqualTo(200);
        assertThat(identify.body().path("email").isNull()).isTrue();
        assertThat(withEmail.body().path("email").asString()).isEqualTo(account.email());
        assertThat(neither.status()).isEqualTo(403);
        assertThat(neither.body().path("code").asInt()).isEqualTo(50001);
    }

    @Test
    void meNeedsAValidToken() {
        assertThat(api.get("/users/@me", null).status()).isEqualTo(401);
        assertThat(api.get("/users/@me", "garbage").body().path("message").asString())
                .isEqualTo("401: Unauthorized");
        String forUnknownUser = tokens.user(ids.next());
        assertThat(api.get("/users/@me", forUnknownUser).status())
                .as("account gone")
                .isEqualTo(401);
    }

    @Test
    void anyoneIsThePartialUser() {
        Account viewer = accounts.register();
        String username = Accounts.uniqueName("seen");
        Account seen = accounts.register(username, username + "@example.org", "Seen");

        Response response = api.get("/users/" + seen.id(), viewer.token());

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().propertyNames())
                .containsExactly(
                        "id",
                        "username",
                        "discriminator",
                        "global_name",
                        "avatar",
                        "avatar_decoration_data",
                        "public_flags",
                        "bot",
                        "banner",
                        "accent_color",
                        "flags",
                        "primary_guild");
        assertThat(response.body().path("username").asString()).isEqualTo(username);
        assertThat(response.body().path("global_name").asString()).isEqualTo("Seen");
        String bot = tokens.bot(insertBot(), ids.next());
        assertThat(api.get("/users/" + seen.id(), bot).body()).isEqualTo(response.body());
    }

    @Test
    void unknownOrMalformedIdsAreUnknownUser() {
        Account viewer = accounts.register();
        for (String id : new String[] {ids.next().asString(), "abc", "-1", "99999999999999999999999"}) {
            Response response = api.get("/users/" + id, viewer.token());
            assertThat(response.status()).as(id).isEqualTo(404);
            assertThat(response.body().path("code").asInt()).isEqualTo(10013);
            assertThat(response.body().path("message").asString()).isEqualTo("Unknown User");
        }
        assertThat(api.get("/users/" + viewer.id(), null).status()).isEqualTo(401);
    }

    @Test
    void otherMethodsAre405() {
        Account viewer = accounts.register();
        assertThat(api.post("/users/@me", viewer.token(), "{}").status()).isEqualTo(405);
    }

    private String bearer(Snowflake user, String... scopes) {
        return tokens.oauth(user, ids.next(), scopes);
    }

    /** Bot accounts are made by the application flow; here they are inserted directly. */
    private Snowflake insertBot() {
        Snowflake id = ids.next();
        db.sql("INSERT INTO users (id, username, bot, verified) VALUES (:id, :username, TRUE, TRUE)")
                .bind("id", id.value())
                .bind("username", "bot_" + id.asString())
                .then()
                .block();
        return id;
    }
}
