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
}
