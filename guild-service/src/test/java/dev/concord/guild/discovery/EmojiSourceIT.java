package dev.concord.guild.discovery;

import static dev.concord.guild.emojis.EmojiImagesForTests.dataUri;
import static dev.concord.guild.emojis.EmojiImagesForTests.png;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** An emoji's guild and source: shown when the guild is discoverable to the reader and keeps emoji discoverability on. */
class EmojiSourceIT extends GuildApiSupport {

    @Test
    void aDiscoverableGuildIsShownUntilItTurnsEmojiDiscoverabilityOff() {
        Snowflake owner = newUser("owner");
        String guild =
                createGuild(owner, "{\"name\": \"Parrots\"}").body().get("id").asString();
        String emoji = emoji(owner, guild, "party_parrot");
        Snowflake reader = newUser("reader");

        JsonNode source = get(reader, "/emojis/" + emoji + "/source").body();
        assertThat(source)
                .as("not discoverable: no guild shown")
                .isEqualTo(json("{\"type\": \"GUILD\", \"guild\": null}"));
        assertThat(get(reader, "/emojis/" + emoji + "/guild").body().get("code").asInt())
                .isEqualTo(10004);

        db.sql("UPDATE guilds SET features = '{COMMUNITY,DISCOVERABLE}', member_count = 42 WHERE id = :id")
                .bind("id", Long.parseLong(guild))
                .then()
                .block();
        JsonNode shown = get(reader, "/emojis/" + emoji + "/guild").body();
        assertThat(shown.get("id").asString()).isEqualTo(guild);
        assertThat(shown.get("name").asString()).isEqualTo("Parrots");
        assertThat(shown.get("emojis").get(0).get("id").asString()).isEqualTo(emoji);
        assertThat(shown.get("emoji_count").asInt()).isEqualTo(1);
        assertThat(shown.get("approximate_member_count").asInt()).isEqualTo(42);
        assertThat(get(reader, "/emojis/" + emoji + "/source").body().get("guild"))
                .isEqualTo(shown);

        as(
                owner,
                HttpMethod.PATCH,
                "/guilds/" + guild + "/discovery-metadata",
                "{\"emoji_discoverability_enabled\": false}");
        assertThat(get(reader, "/emojis/" + emoji + "/guild").body().get("code").asInt())
                .isEqualTo(10004);
        assertThat(get(reader, "/emojis/" + emoji + "/source")
                        .body()
                        .get("guild")
                        .isNull())
                .isTrue();

        assertThat(get(reader, "/emojis/1234567890123/guild").body().get("code").asInt())
                .isEqualTo(10014);
        assertThat(get(reader, "/emojis/1234567890123/source")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10014);
        assertThat(call(HttpMethod.GET, "/emojis/" + emoji + "/source", null, null)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void aGuildInADirectoryTheReaderSeesIsShownToThemAlone() {
        Snowflake owner = newUser("clubowner");
        String club = createGuild(owner, "{\"name\": \"Chess club\"}")
                .body()
                .get("id")
                .asString();
        String emoji = emoji(owner, club, "knight");
        String hub =
                createGuild(owner, "{\"name\": \"Campus\"}").body().get("id").asString();
        String directory = as(
                        owner, HttpMethod.POST, "/guilds/" + hub + "/channels", "{\"name\": \"clubs\", \"type\": 14}")
                .body()
                .get("id")
                .asString();
        assertThat(as(owner, HttpMethod.POST, "/channels/" + directory + "/directory-entry/" + club, "{}")
                        .status())
                .isEqualTo(200);
        Snowflake student = newUser("student");
        addMember(hub, student);
        Snowflake outsider = newUser("outsider");

        assertThat(get(student, "/emojis/" + emoji + "/guild").body().get("id").asString())
                .isEqualTo(club);
        assertThat(get(outsider, "/emojis/" + emoji + "/guild")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10004);
    }

    @Test
    void anApplicationsEmojiNamesItsApplication() {
        Snowflake application = newUser("app");
        long emoji = application.value() + 7;
        db.sql("INSERT INTO application_owners (id, owner_id, name, last_event_id) VALUES (:id, :id, 'Emoji Bot', 1)")
                .bind("id", application.value())
                .then()
                .block();
        db.sql("""
                        INSERT INTO emojis (id, application_id, name, user_id, animated, format, created_at)
                        VALUES (:id, :app, 'wave', :app, false, 'png', now())""").bind("id", emoji).bind("app", application.value()).then().block();
        Snowflake reader = newUser("reader");

        assertThat(get(reader, "/emojis/" + emoji + "/source").body())
                .isEqualTo(json("{\"type\": \"APPLICATION\", \"application\": {\"id\": \"" + application
                        + "\", \"name\": \"Emoji Bot\"}}"));
        assertThat(get(reader, "/emojis/" + emoji + "/guild").body().get("code").asInt())
                .isEqualTo(10004);
    }

    private String emoji(Snowflake owner, String guild, String name) {
        return as(
                        owner,
                        HttpMethod.POST,
                        "/guilds/" + guild + "/emojis",
                        "{\"name\": \"" + name + "\", \"image\": \"" + dataUri("png", png(8, 8)) + "\"}")
                .body()
                .get("id")
                .asString();
    }
}
