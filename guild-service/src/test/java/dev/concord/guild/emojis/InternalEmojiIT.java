package dev.concord.guild.emojis;

import static dev.concord.guild.emojis.EmojiImagesForTests.dataUri;
import static dev.concord.guild.emojis.EmojiImagesForTests.png;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

/** GET /internal/emojis/{id}: an emoji by its id alone, for other services holding the secret. */
class InternalEmojiIT extends GuildApiSupport {

    static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    @Test
    void anEmojiIsFoundByItsIdWithItsGuild() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Emoji\"}").body().get("id").asString();
        String wave = as(
                        owner,
                        HttpMethod.POST,
                        "/guilds/" + guild + "/emojis",
                        "{\"name\": \"wave\", \"image\": \"" + dataUri("png", png(8, 8)) + "\"}")
                .body()
                .get("id")
                .asString();

        Response found = call(HttpMethod.GET, "/internal/emojis/" + wave, INTERNAL, null);
        Response unknown = call(HttpMethod.GET, "/internal/emojis/42", INTERNAL, null);
        Response notAnId = call(HttpMethod.GET, "/internal/emojis/wave", INTERNAL, null);
        Response withoutSecret = call(HttpMethod.GET, "/internal/emojis/" + wave, userToken(owner), null);

        assertThat(found.status()).as("%s", found.body()).isEqualTo(200);
        assertThat(found.body())
                .isEqualTo(json("{\"id\": \"" + wave + "\", \"name\": \"wave\", \"animated\": false, "
                        + "\"available\": true, \"guild_id\": \"" + guild + "\", \"application_id\": null}"));
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body()).isEqualTo(json("{\"message\": \"Unknown Emoji\", \"code\": 10014}"));
        assertThat(notAnId.status()).isEqualTo(400);
        assertThat(withoutSecret.status()).isEqualTo(401);
    }

    @Test
    void aUserMayUseARoleLockedEmojiOnlyHoldingOneOfItsRolesAndNoUnavailableOne() {
        Snowflake owner = newUser("locker");
        String guild =
                createGuild(owner, "{\"name\": \"Locked\"}").body().get("id").asString();
        String role = as(owner, HttpMethod.POST, "/guilds/" + guild + "/roles", "{\"name\": \"vip\"}")
                .body()
                .get("id")
                .asString();
        String vip = as(
                        owner,
                        HttpMethod.POST,
                        "/guilds/" + guild + "/emojis",
                        "{\"name\": \"vip\", \"image\": \"" + dataUri("png", png(8, 8)) + "\", \"roles\": [\"" + role
                                + "\"]}")
                .body()
                .get("id")
                .asString();
        String path = "/internal/emojis/" + vip + "?user_id=";

        assertThat(call(HttpMethod.GET, path + owner, INTERNAL, null)
                        .body()
                        .get("usable")
                        .asBoolean())
                .as("not even the owner, without the role")
                .isFalse();
        assertThat(as(owner, HttpMethod.PUT, "/guilds/" + guild + "/members/" + owner + "/roles/" + role, null)
                        .status())
                .isEqualTo(204);
        assertThat(call(HttpMethod.GET, path + owner, INTERNAL, null)
                        .body()
                        .get("usable")
                        .asBoolean())
                .isTrue();
        assertThat(call(HttpMethod.GET, path + newUser("outsider"), INTERNAL, null)
                        .body()
                        .get("usable")
                        .asBoolean())
                .as("one not in the guild holds none of its roles")
                .isFalse();
        assertThat(call(HttpMethod.GET, "/internal/emojis/" + vip, INTERNAL, null)
                        .body()
                        .has("usable"))
                .as("only asked for a user")
                .isFalse();
        assertThat(call(HttpMethod.GET, path + "me", INTERNAL, null).status()).isEqualTo(400);

        db.sql("UPDATE emojis SET available = false WHERE id = :id")
                .bind("id", Long.parseLong(vip))
                .then()
                .block();
        assertThat(call(HttpMethod.GET, path + owner, INTERNAL, null)
                        .body()
                        .get("usable")
                        .asBoolean())
                .as("beyond the guild's boost tier, nobody uses it")
                .isFalse();
    }
}
