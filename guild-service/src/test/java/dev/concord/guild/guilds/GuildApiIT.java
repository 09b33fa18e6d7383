package dev.concord.guild.guilds;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** POST /guilds, GET /guilds/{guild.id}, GET /users/@me/guilds: bodies, stored state and events. */
class GuildApiIT extends GuildApiSupport {

    /** The platform's default @everyone permissions for a new guild (its value less retired bit 47). */
    static final String EVERYONE_PERMISSIONS = "2107735977479745";

    static final String ALL_PERMISSIONS = Long.toString(dev.concord.platform.permissions.Permission.ALL);

    @Test
    void creatingAGuildMakesTheCreatorItsOwnerWithTheStarterLayout() {
        Snowflake owner = newUser("owner");

        Response response =
                createGuild(owner, "{\"name\": \"  Dev Hangout \", \"verification_level\": 1, \"afk_timeout\": 900}");

        assertThat(response.status()).isEqualTo(201);
        JsonNode guild = response.body();
        String guildId = guild.get("id").asString();
        assertThat(guild.get("name").asString()).isEqualTo("Dev Hangout");
        assertThat(guild.get("owner_id").asString()).isEqualTo(owner.asString());
        assertThat(guild.get("verification_level").asInt()).isEqualTo(1);
        assertThat(guild.get("afk_timeout").asInt()).isEqualTo(900);
        assertThat(guild.get("icon").isNull()).isTrue();
        assertThat(guild.get("features").isEmpty()).isTrue();
        assertThat(guild.get("preferred_locale").asString()).isEqualTo("en-US");
        assertThat(guild.has("approximate_member_count")).isFalse();
        assertThat(guild.get("roles")).hasSize(1);
        JsonNode everyone = guild.get("roles").get(0);
        assertThat(everyone.get("id").asString()).isEqualTo(guildId);
        assertThat(everyone.get("name").asString()).isEqualTo("@everyone");
        assertThat(everyone.get("permissions").asString()).isEqualTo(EVERYONE_PERMISSIONS);
        assertThat(everyone.has("tags")).isFalse();

        Snowflake id = Snowflake.parse(guildId);
        assertThat(count("SELECT count(*) FROM members WHERE guild_id = :id", id))
                .isEqualTo(1);
        assertThat(count("SELECT count(*) FROM channels WHERE guild_id = :id", id))
                .isEqualTo(4);
        assertThat(count("SELECT member_count::bigint FROM guilds WHERE id = :id", id))
                .isEqualTo(1);

        JsonNode event = awaitEvent(GUILD_CREATE, guildId);
        assertThat(event.get("audience")).isEqualTo(json("{\"user_ids\": [\"" + owner.asString() + "\"]}"));
        JsonNode data = event.get("data");
        assertThat(data.get("member_count").asInt()).isEqualTo(1);
        assertThat(data.get("unavailable").asBoolean()).isFalse();
        assertThat(data.get("members").get(0).get("user").get("id").asString()).isEqualTo(owner.asString());
        assertThat(data.get("members").get(0).get("roles").isEmpty()).isTrue();
        List<String> channels = StreamSupport.stream(data.get("channels").spliterator(), false)
                .map(c -> c.get("type").asInt() + ":" + c.get("name").asString())
                .toList();
        assertThat(channels).containsExactly("4:Text Channels", "0:general", "2:General", "4:Voice Channels");
        JsonNode general = StreamSupport.stream(data.get("channels").spliterator(), false)
                .filter(c -> c.get("name").asString().equals("general"))
                .findFirst()
                .orElseThrow();
        assertThat(guild.get("system_channel_id").asString())
                .isEqualTo(general.get("id").asString());
        assertThat(general.get("topic").isNull()).isTrue();
        assertThat(general.has("bitrate")).isFalse();
        JsonNode voice = StreamSupport.stream(data.get("channels").spliterator(), false)
                .filter(c -> c.get("type").asInt() == 2)
                .findFirst()
                .orElseThrow();
        assertThat(voice.get("bitrate").asInt()).isEqualTo(64000);
        assertThat(voice.get("parent_id").asString()).isNotEmpty();
        assertThat(voice.has("topic")).isFalse();
    }

    @Test
    void anIconIsKeptAsItsHash() {
        Snowflake owner = newUser("icon");
        String png =
                "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==";
        String gif = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

        String still = createGuild(owner, "{\"name\": \"Still\", \"icon\": \"" + png + "\"}")
                .body()
                .get("icon")
                .asString();
        String animated = createGuild(owner, "{\"name\": \"Moving\", \"icon\": \"" + gif + "\"}")
                .body()
                .get("icon")
                .asString();

        assertThat(still).matches("[0-9a-f]{32}");
        assertThat(animated).matches("a_[0-9a-f]{32}");
    }

    @Test
    void membersReadTheGuildOthersAreRefused() {
        Snowflake owner = newUser("reader");
        Snowflake stranger = newUser("stranger");
        JsonNode created = createGuild(owner, "{\"name\": \"Readers\"}").body();
        String path = "/guilds/" + created.get("id").asString();

        Response mine = get(owner, path);
        Response counted = get(owner, path + "?with_counts=true");
        Response theirs = get(stranger, path);

        assertThat(mine.status()).isEqualTo(200);
        assertThat(mine.body()).isEqualTo(created);
        assertThat(counted.body().get("approximate_member_count").asInt()).isEqualTo(1);
        assertThat(theirs.status()).isEqualTo(403);
        assertThat(theirs.body()).isEqualTo(json("{\"message\": \"Missing Access\", \"code\": 50001}"));
        assertThat(get(owner, "/guilds/1").body()).isEqualTo(json("{\"message\": \"Unknown Guild\", \"code\": 10004}"));
        Response bad = get(owner, "/guilds/abc");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body()
                        .get("errors")
                        .get("guild_id")
                        .get("_errors")
                        .get(0)
                        .get("code")
                        .asString())
                .isEqualTo("NUMBER_TYPE_COERCE");
    }

    @Test
    void aGuildHasThePlatformsRegionHomeHeaderAndNsfwFlag() {
        Snowflake owner = newUser("flagged");
        JsonNode created = createGuild(owner, "{\"name\": \"Flagged\"}").body();
        String id = created.get("id").asString();

        assertThat(created.get("region").asString()).isEqualTo("deprecated");
        assertThat(created.get("home_header").isNull()).isTrue();
        assertThat(created.get("nsfw").asBoolean()).isFalse();
        // The platform's age-restricted level (3) is its nsfw guild.
        db.sql("UPDATE guilds SET nsfw_level = 3 WHERE id = :id")
                .bind("id", Long.parseLong(id))
                .then()
                .block(Duration.ofSeconds(5));
        JsonNode restricted = get(owner, "/guilds/" + id).body();
        assertThat(restricted.get("nsfw_level").asInt()).isEqualTo(3);
        assertThat(restricted.get("nsfw").asBoolean()).isTrue();
    }

    @Test
    void aUsersGuildsComePagedInIdOrderWithTheirPermissions() {
        Snowflake owner = newUser("lister");
        String first =
                createGuild(owner, "{\"name\": \"One\"}").body().get("id").asString();
        String second =
                createGuild(owner, "{\"name\": \"Two\"}").body().get("id").asString();
        String third =
                createGuild(owner, "{\"name\": \"Three\"}").body().get("id").asString();

        JsonNode all = get(owner, "/users/@me/guilds?with_counts=true").body();
        JsonNode afterFirst =
                get(owner, "/users/@me/guilds?after=" + first + "&limit=1").body();
        JsonNode beforeThird = get(owner, "/users/@me/guilds?before=" + third).body();

        assertThat(all).hasSize(3);
        assertThat(all.get(0)).isEqualTo(json("""
                {"id": "%s", "name": "One", "icon": null, "banner": null, "owner": true,
                 "permissions": "%s", "features": [], "approximate_member_count": 1}""".formatted(first, ALL_PERMISSIONS)));
        assertThat(afterFirst).hasSize(1);
        assertThat(afterFirst.get(0).get("id").asString()).isEqualTo(second);
        assertThat(afterFirst.get(0).has("approximate_member_count")).isFalse();
        assertThat(beforeThird).hasSize(2);
        assertThat(get(newUser("loner"), "/users/@me/guilds").body()).isEmpty();
        assertThat(call(HttpMethod.GET, "/users/@me/guilds", oauthToken(owner, "identify", "guilds"), null)
                        .body())
                .hasSize(3);
    }

    @Test
    void aHundredGuildsIsTheLimit() {
        Snowflake user = newUser("collector");
        fillGuildLimit(user);

        Response response = createGuild(user, "{\"name\": \"One too many\"}");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body())
                .isEqualTo(json("{\"message\": \"Maximum number of guilds reached (100)\", \"code\": 30001}"));
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", user))
                .isEqualTo(100);
    }
}
