package dev.concord.guild.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** The category catalogue, the term check, and a guild's discovery settings and subcategories. */
class DiscoverySettingsIT extends GuildApiSupport {

    @Test
    void theCatalogueIsNamedInTheAskedLocaleAndTermsAreChecked() {
        Snowflake reader = newUser("reader");
        JsonNode all = get(reader, "/discovery/categories").body();
        assertThat(all.valueStream()
                        .filter(c -> c.get("id").asInt() == 1)
                        .findFirst()
                        .orElseThrow())
                .isEqualTo(json("{\"id\": 1, \"name\": \"Gaming\", \"is_primary\": true}"));
        assertThat(get(reader, "/discovery/categories?locale=fr-CA")
                        .body()
                        .get(2)
                        .get("name")
                        .asString())
                .as("a regional locale falls back to its language")
                .isEqualTo("Musique");
        assertThat(get(reader, "/discovery/categories?locale=xx")
                        .body()
                        .get(2)
                        .get("name")
                        .asString())
                .isEqualTo("Music");
        JsonNode primary =
                get(reader, "/discovery/categories?primary_only=true").body();
        assertThat(primary.size()).isLessThan(all.size());
        assertThat(primary.valueStream()).allMatch(c -> c.get("is_primary").asBoolean());
        assertThat(call(HttpMethod.GET, "/discovery/categories", null, null).status())
                .isEqualTo(401);

        assertThat(get(reader, "/discovery/valid-term?term=retro-gaming").body())
                .isEqualTo(json("{\"valid\": true}"));
        assertThat(get(reader, "/discovery/valid-term?term=Free-NUDES").body()).isEqualTo(json("{\"valid\": false}"));
        Response missing = get(reader, "/discovery/valid-term");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.body().at("/errors/term/_errors/0/code").asString()).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(get(reader, "/discovery/valid-term?term=" + "a".repeat(101)).status())
                .isEqualTo(400);
    }

    @Test
    void managersReadAndReplaceTheSettings() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Findable\"}").body().get("id").asString();
        String metadata = "/guilds/" + guild + "/discovery-metadata";
        Snowflake member = newUser("member");
        addMember(guild, member);

        assertThat(get(owner, metadata).body())
                .isEqualTo(json("{\"guild_id\": \"" + guild + "\", \"primary_category_id\": 0, \"keywords\": null,"
                        + " \"emoji_discoverability_enabled\": true, \"partner_actioned_timestamp\": null,"
                        + " \"partner_application_timestamp\": null, \"is_published\": false, \"reasons_to_join\": [],"
                        + " \"social_links\": null, \"about\": null, \"category_ids\": []}"));
        assertThat(get(member, metadata).body().get("code").asInt()).isEqualTo(50013);
        assertThat(call(HttpMethod.GET, metadata, null, null).status()).isEqualTo(401);
        assertThat(get(owner, "/guilds/1234567890123/discovery-metadata").status())
                .isEqualTo(404);

        Response replaced = as(
                owner,
                HttpMethod.PATCH,
                metadata,
                "{\"primary_category_id\": 1, \"keywords\": [\"retro\", \"arcade\"], \"is_published\": true,"
                        + " \"emoji_discoverability_enabled\": false, \"reasons_to_join\": [{\"reason\": \"Weekly tournaments\","
                        + " \"emoji_name\": \"🏆\"}], \"social_links\": [\"https://example.com/arcade\"],"
                        + " \"about\": \"Old games, new friends.\"}");
        assertThat(replaced.status()).as("%s", replaced.body()).isEqualTo(200);
        assertThat(replaced.body().get("keywords")).isEqualTo(json("[\"retro\", \"arcade\"]"));
        assertThat(replaced.body().get("reasons_to_join"))
                .isEqualTo(json("[{\"reason\": \"Weekly tournaments\", \"emoji_id\": null, \"emoji_name\": \"🏆\"}]"));
        assertThat(get(owner, metadata).body()).isEqualTo(replaced.body());
        assertThat(count(
                        "SELECT count(*) FROM discovery_metadata WHERE guild_id = :id AND is_published",
                        Snowflake.parse(guild)))
                .isEqualTo(1);

        JsonNode reset = as(owner, HttpMethod.PATCH, metadata, "{\"about\": \"Only this.\"}")
                .body();
        assertThat(reset.get("primary_category_id").asInt())
                .as("a PATCH replaces the whole")
                .isZero();
        assertThat(reset.get("keywords").isNull()).isTrue();
        assertThat(reset.get("is_published").asBoolean()).isFalse();
        assertThat(reset.get("about").asString()).isEqualTo("Only this.");
    }

    @Test
    void badSettingsAreRefusedFieldByFieldAndChangeNothing() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Strict\"}").body().get("id").asString();
        String metadata = "/guilds/" + guild + "/discovery-metadata";
        as(owner, HttpMethod.PATCH, metadata, "{\"about\": \"Kept.\"}");

        Response shapes = as(
                owner,
                HttpMethod.PATCH,
                metadata,
                "{\"keywords\": [" + "\"k\",".repeat(10) + "\"" + "x".repeat(31) + "\"],"
                        + " \"reasons_to_join\": [{}, {\"reason\": \"a\"}, {\"reason\": \"b\"}, {\"reason\": \"c\"}, {\"reason\": \"d\"}],"
                        + " \"social_links\": [\"not a link\"], \"about\": \"" + "a".repeat(2401) + "\"}");
        assertThat(shapes.status()).isEqualTo(400);
        JsonNode errors = shapes.body().get("errors");
        assertThat(errors.at("/keywords/_errors/0/code").asString()).isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(errors.at("/keywords/10/_errors/0/code").asString()).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(errors.at("/reasons_to_join/_errors/0/code").asString()).isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(errors.at("/reasons_to_join/0/reason/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(errors.at("/social_links/0/_errors/0/code").asString()).isEqualTo("URL_TYPE_INVALID_URL");
        assertThat(errors.at("/about/_errors/0/code").asString()).isEqualTo("BASE_TYPE_BAD_LENGTH");

        Response lists = as(
                owner, HttpMethod.PATCH, metadata, "{\"primary_category_id\": 16, \"keywords\": [\"fine\", \"porn\"]}");
        assertThat(lists.status()).isEqualTo(400);
        assertThat(lists.body().at("/errors/primary_category_id/_errors/0/code").asString())
                .isEqualTo("DISCOVERY_CATEGORY_NOT_PRIMARY");
        assertThat(lists.body().at("/errors/keywords/1/_errors/0/code").asString())
                .isEqualTo("DISCOVERY_TERM_INVALID");
        assertThat(get(owner, metadata).body().get("about").asString())
                .as("refused, unchanged")
                .isEqualTo("Kept.");
    }

    @Test
    void aGuildHasUpToFiveSubcategories() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Sorted\"}").body().get("id").asString();
        String categories = "/guilds/" + guild + "/discovery-categories/";
        Snowflake helper = newUser("helper");
        addMember(guild, helper, addRole(guild, 1, Permission.MANAGE_GUILD.bit()));
        Snowflake member = newUser("member");
        addMember(guild, member);

        for (int category : new int[] {16, 17, 18, 19, 20}) {
            assertThat(as(helper, HttpMethod.PUT, categories + category, null).status())
                    .isEqualTo(204);
        }
        assertThat(as(helper, HttpMethod.PUT, categories + 16, null).status())
                .as("again: nothing new")
                .isEqualTo(204);
        Response sixth = as(owner, HttpMethod.PUT, categories + 22, null);
        assertThat(sixth.status()).isEqualTo(400);
        assertThat(sixth.body().get("code").asInt()).isEqualTo(30030);
        assertThat(get(owner, "/guilds/" + guild + "/discovery-metadata").body().get("category_ids"))
                .isEqualTo(json("[16, 17, 18, 19, 20]"));

        assertThat(as(owner, HttpMethod.DELETE, categories + 17, null).status()).isEqualTo(204);
        assertThat(count("SELECT count(*) FROM discovery_subcategories WHERE guild_id = :id", Snowflake.parse(guild)))
                .isEqualTo(4);
        assertThat(as(owner, HttpMethod.PUT, categories + 999, null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10059);
        assertThat(as(owner, HttpMethod.PUT, categories + 0, null)
                        .body()
                        .get("code")
                        .asInt())
                .as("0 is no category")
                .isEqualTo(10059);
        assertThat(as(owner, HttpMethod.PUT, categories + "x", null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10059);
        assertThat(as(member, HttpMethod.PUT, categories + 22, null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50013);
        assertThat(call(HttpMethod.DELETE, categories + 16, null, null).status())
                .isEqualTo(401);
    }
}
