package dev.concord.guild.guilds;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code POST /guilds} with {@code roles} or {@code channels} null or empty: no template, so the guild
 * gets the starter layout, never a 500. A template with entries is refused until templates are built
 * (GuildRejectionsIT).
 */
class GuildTemplateFieldsIT extends GuildApiSupport {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"name\": \"x y\", \"roles\": null}",
                "{\"name\": \"x y\", \"channels\": null}",
                "{\"name\": \"x y\", \"roles\": null, \"channels\": null}",
                "{\"name\": \"x y\", \"roles\": [], \"channels\": []}",
            })
    void noTemplateMeansTheStarterLayout(String body) {
        Snowflake owner = newUser("owner");

        Response response = createGuild(owner, body);

        assertThat(response.status()).as(String.valueOf(response.body())).isEqualTo(201);
        assertThat(response.body().get("name").asString()).isEqualTo("x y");
        assertThat(response.body().get("roles")).hasSize(1);
        Snowflake id = Snowflake.parse(response.body().get("id").asString());
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id", id)).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM channels WHERE guild_id = :id", id))
                .isEqualTo(4);
        assertThat(count("SELECT count(*) FROM members WHERE guild_id = :id", id))
                .isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"name\": \"x y\", \"roles\": [null]}",
                "{\"name\": \"x y\", \"channels\": [null]}",
                "{\"name\": \"x y\", \"roles\": \"none\"}",
                "{\"name\": \"x y\", \"channels\": {}}",
            })
    void aTemplateThatIsNotAListOfEntriesIsRefusedAndNothingIsCreated(String body) {
        Snowflake owner = newUser("owner");

        Response response = createGuild(owner, body);

        assertThat(response.status()).as(String.valueOf(response.body())).isEqualTo(400);
        assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", owner))
                .isZero();
    }
}
