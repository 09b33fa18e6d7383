package dev.concord.guild.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Finding discoverable guilds: lists, full-text search, categories, and a published guild's page. */
class DiscoverableGuildsIT extends GuildApiSupport {

    @Test
    void discoverableGuildsAreListedSearchedAndShownOnTheirPage() {
        String token = "zq" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        Snowflake owner = newUser("owner");
        String arcade = discoverable(owner, token + " Retro Arcade", 500);
        as(
                owner,
                HttpMethod.PATCH,
                "/guilds/" + arcade + "/discovery-metadata",
                "{\"primary_category_id\": 1, \"keywords\": [\"pinball\"], \"is_published\": true,"
                        + " \"reasons_to_join\": [{\"reason\": \"High scores\"}], \"about\": \"Coins welcome.\"}");
        String chess = discoverable(owner, token + " Chess Club", 300);
        as(owner, HttpMethod.PATCH, "/guilds/" + chess + "/discovery-metadata", "{\"primary_category_id\": 6}");
        as(owner, HttpMethod.PUT, "/guilds/" + chess + "/discovery-categories/24", null);
        String hidden = createGuild(owner, "{\"name\": \"" + token + " Hidden Arcade\"}")
                .body()
                .get("id")
                .asString();
        Snowflake reader = newUser("reader");

        List<String> found =
                ids(get(reader, "/discoverable-guilds/search?query=" + token).body());
        assertThat(found)
                .as("largest first among equals; not the undiscoverable one")
                .containsExactly(arcade, chess);
        assertThat(ids(get(reader, "/discoverable-guilds/search?query=" + token + "-pinb")
                        .body()))
                .as("keywords are searched, each word a prefix")
                .containsExactly(arcade);
        JsonNode first = get(reader, "/discoverable-guilds/search?query=" + token + "-arc&locale=fr")
                .body()
                .get(0);
        assertThat(first.get("primary_category"))
                .isEqualTo(json("{\"id\": 1, \"name\": \"Jeux vidéo\", \"is_primary\": true}"));
        assertThat(first.get("approximate_member_count").asInt()).isEqualTo(500);
        assertThat(first.get("keywords")).isEqualTo(json("[\"pinball\"]"));
        assertThat(first.has("about")).as("only the page shows it").isFalse();
        assertThat(ids(get(reader, "/discoverable-guilds/search?query=" + token + "&category_id=24")
                        .body()))
                .as("a subcategory counts")
                .containsExactly(chess);

        assertThat(ids(get(reader, "/discovery/search?query=" + token).body()))
                .as("only published pages")
                .containsExactly(arcade);

        JsonNode page = get(reader, "/discovery/" + arcade).body();
        assertThat(page.get("slug").asString()).isEqualTo(token + "-retro-arcade-" + arcade);
        assertThat(page.at("/guild/about").asString()).isEqualTo("Coins welcome.");
        assertThat(page.at("/guild/reasons_to_join/0/reason").asString()).isEqualTo("High scores");
        assertThat(page.at("/guild/created_at").asString()).isNotBlank();
        assertThat(get(reader, "/discovery/" + chess).body().get("code").asInt())
                .as("unpublished")
                .isEqualTo(10004);
        assertThat(get(reader, "/discovery/" + hidden).body().get("code").asInt())
                .isEqualTo(10004);

        JsonNode byIds = get(reader, "/discoverable-guilds?guild_ids=" + arcade + "," + hidden + "&guild_ids=" + chess)
                .body();
        assertThat(ids(byIds.get("guilds"))).containsExactly(arcade, chess);
        assertThat(byIds.get("total").asInt()).isEqualTo(2);
        JsonNode byCategory =
                get(reader, "/discoverable-guilds?categories=24&limit=5").body();
        assertThat(ids(byCategory.get("guilds"))).contains(chess).doesNotContain(arcade);
        assertThat(byCategory.get("limit").asInt()).isEqualTo(5);
        assertThat(byCategory.get("offset").asInt()).isZero();
        JsonNode pastTheEnd =
                get(reader, "/discoverable-guilds?categories=24&offset=100000").body();
        assertThat(pastTheEnd.get("guilds")).isEmpty();
        assertThat(pastTheEnd.get("total").asLong())
                .as("the count of all matches, past the last page too")
                .isEqualTo(byCategory.get("total").asLong());
    }

    @Test
    void theSeedsLimitsAreRefusedNamingTheField() {
        Snowflake reader = newUser("reader");
        assertField(get(reader, "/discoverable-guilds/search"), "query", "BASE_TYPE_REQUIRED");
        assertField(
                get(reader, "/discoverable-guilds/search?query=" + "q".repeat(101)), "query", "BASE_TYPE_BAD_LENGTH");
        assertField(get(reader, "/discoverable-guilds/search?query=x&limit=49"), "limit", null);
        assertField(get(reader, "/discoverable-guilds/search?query=x&offset=3000"), "offset", null);
        assertField(get(reader, "/discovery/search?limit=0"), "limit", null);
        assertField(
                get(reader, "/discoverable-guilds?guild_ids=" + "1,".repeat(48) + "1"),
                "guild_ids",
                "BASE_TYPE_MAX_LENGTH");
        Response notId = get(reader, "/discoverable-guilds?guild_ids=abc");
        assertThat(notId.status()).isEqualTo(400);
        assertThat(notId.body().at("/errors/guild_ids/0/_errors/0/code").asString())
                .isEqualTo("NUMBER_TYPE_COERCE");
        assertThat(call(HttpMethod.GET, "/discoverable-guilds", null, null).status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, "/discovery/search", null, null).status())
                .isEqualTo(401);
    }

    private String discoverable(Snowflake owner, String name, int members) {
        String guild = createGuild(owner, "{\"name\": \"" + name + "\"}")
                .body()
                .get("id")
                .asString();
        db.sql("UPDATE guilds SET features = '{COMMUNITY,DISCOVERABLE}', member_count = :members WHERE id = :id")
                .bind("members", members)
                .bind("id", Long.parseLong(guild))
                .then()
                .block();
        return guild;
    }

    private static void assertField(Response response, String field, String code) {
        assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
        JsonNode errors = response.body().at("/errors/" + field + "/_errors/0/code");
        assertThat(errors.isMissingNode())
                .as("%s names %s", response.body(), field)
                .isFalse();
        if (code != null) {
            assertThat(errors.asString()).isEqualTo(code);
        }
    }

    private static List<String> ids(JsonNode guilds) {
        return guilds.valueStream().map(guild -> guild.get("id").asString()).toList();
    }
}
