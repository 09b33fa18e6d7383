package dev.concord.guild.directories;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Directory channels: entries of guilds and events listed, browsed, counted, searched, changed and removed. */
class DirectoryIT extends GuildApiSupport {

    /** A hub with a directory, and a club whose owner is a member of the hub. */
    record Hub(String hub, Snowflake hubOwner, String directory, String club, Snowflake clubOwner) {
        String entry(String entityId) {
            return "/channels/" + directory + "/directory-entry/" + entityId;
        }

        String entries() {
            return "/channels/" + directory + "/directory-entries";
        }
    }

    @Test
    void aClubIsListedBrowsedSearchedChangedAndRemoved() {
        Hub hub = newHub();

        Response listed = as(
                hub.clubOwner(),
                HttpMethod.POST,
                hub.entry(hub.club()),
                "{\"primary_category_id\": 1, \"description\": \"We play chess on Tuesdays\"}");

        assertThat(listed.status()).as(String.valueOf(listed.body())).isEqualTo(200);
        JsonNode entry = listed.body();
        assertThat(entry.get("type").asInt()).isZero();
        assertThat(entry.get("directory_channel_id").asString()).isEqualTo(hub.directory());
        assertThat(entry.get("entity_id").asString()).isEqualTo(hub.club());
        assertThat(entry.get("primary_category_id").asInt()).isEqualTo(1);
        assertThat(entry.get("author_id").asString()).isEqualTo(hub.clubOwner().asString());
        assertThat(entry.get("guild").get("name").asString()).isEqualTo("Chess Club");
        assertThat(entry.get("guild").get("featurable_in_directory").asBoolean())
                .isTrue();
        assertThat(count("SELECT count(*) FROM directory_entries WHERE entity_id = :id", Snowflake.parse(hub.club())))
                .isEqualTo(1);
        JsonNode created = directoryEvent("GUILD_DIRECTORY_ENTRY_CREATE", hub);
        assertThat(created.get("audience"))
                .isEqualTo(json("{\"guild_id\": \"" + hub.hub() + "\", \"channel_id\": \"" + hub.directory() + "\"}"));
        Response twice = as(hub.clubOwner(), HttpMethod.POST, hub.entry(hub.club()), "{}");
        assertThat(twice.status()).isEqualTo(400);
        assertThat(twice.body().get("errors").has("entity_id")).isTrue();

        assertThat(get(hub.hubOwner(), hub.entry(hub.club())).body()).isEqualTo(entry);
        assertThat(get(hub.hubOwner(), hub.entries()).body()).hasSize(1);
        assertThat(get(hub.hubOwner(), hub.entries() + "?category_id=1").body()).hasSize(1);
        assertThat(get(hub.hubOwner(), hub.entries() + "?category_id=2").body()).isEmpty();
        assertThat(get(hub.hubOwner(), hub.entries() + "?type=1").body()).isEmpty();
        assertThat(get(hub.hubOwner(), hub.entries() + "/counts").body()).isEqualTo(json("{\"1\": 1}"));
        JsonNode partial = get(hub.hubOwner(), hub.entries() + "/list?entity_ids=" + hub.club() + "&entity_ids=1")
                .body();
        assertThat(partial).hasSize(1);
        assertThat(partial.get(0).has("guild")).isFalse();
        assertThat(get(hub.hubOwner(), hub.entries() + "/search?query=ches").body())
                .as("a prefix of the guild's name")
                .hasSize(1);
        assertThat(get(hub.hubOwner(), hub.entries() + "/search?query=tuesdays+chess")
                        .body())
                .as("words of the description and name, in any order")
                .hasSize(1);
        assertThat(get(hub.hubOwner(), hub.entries() + "/search?query=knitting").body())
                .isEmpty();
        assertThat(get(hub.hubOwner(), hub.entries() + "/search?query=drop%27;table")
                        .body())
                .isEmpty();

        JsonNode changed = as(
                        hub.clubOwner(), HttpMethod.PATCH, hub.entry(hub.club()), "{\"description\": \"Knitting now\"}")
                .body();
        assertThat(changed.get("description").asString()).isEqualTo("Knitting now");
        assertThat(directoryEvent("GUILD_DIRECTORY_ENTRY_UPDATE", hub)).isNotNull();
        assertThat(get(hub.hubOwner(), hub.entries() + "/search?query=knit").body())
                .hasSize(1);

        assertThat(as(hub.clubOwner(), HttpMethod.DELETE, hub.entry(hub.club()), null)
                        .status())
                .isEqualTo(204);
        assertThat(directoryEvent("GUILD_DIRECTORY_ENTRY_DELETE", hub)
                        .get("data")
                        .get("entity_id")
                        .asString())
                .isEqualTo(hub.club());
        assertThat(get(hub.hubOwner(), hub.entry(hub.club())).status()).isEqualTo(404);
    }

    @Test
    void anEventIsListedWithItsGuildAndTheReadersRsvpAndTheClubMayBroadcast() {
        Hub hub = newHub();
        String event = as(
                        hub.clubOwner(),
                        HttpMethod.POST,
                        "/guilds/" + hub.club() + "/scheduled-events",
                        "{\"name\": \"Tournament\", \"privacy_level\": 2, \"entity_type\": 3, \"scheduled_start_time\": \""
                                + Instant.now().plus(1, ChronoUnit.DAYS) + "\", \"scheduled_end_time\": \""
                                + Instant.now().plus(2, ChronoUnit.DAYS)
                                + "\", \"entity_metadata\": {\"location\": \"Library\"}}")
                .body()
                .get("id")
                .asString();
        as(
                hub.clubOwner(),
                HttpMethod.PUT,
                "/guilds/" + hub.club() + "/scheduled-events/" + event + "/users/@me",
                null);
        String broadcast = "/guilds/" + hub.club() + "/directory-entries/broadcast?type=1&entity_id=" + event;
        assertThat(get(hub.clubOwner(), broadcast).body())
                .isEqualTo(json("{\"can_broadcast\": false, \"has_broadcast\": false}"));
        as(hub.clubOwner(), HttpMethod.POST, hub.entry(hub.club()), "{}");

        JsonNode entry = as(hub.clubOwner(), HttpMethod.POST, hub.entry(event), "{\"type\": 1}")
                .body();

        JsonNode listedEvent = entry.get("guild_scheduled_event");
        assertThat(listedEvent.get("name").asString()).isEqualTo("Tournament");
        assertThat(listedEvent.get("guild").get("id").asString()).isEqualTo(hub.club());
        assertThat(listedEvent.get("user_rsvp").asBoolean()).isTrue();
        assertThat(get(hub.hubOwner(), hub.entry(event))
                        .body()
                        .get("guild_scheduled_event")
                        .get("user_rsvp")
                        .asBoolean())
                .as("the reader's own RSVP")
                .isFalse();
        assertThat(get(hub.clubOwner(), broadcast).body())
                .isEqualTo(json("{\"can_broadcast\": true, \"has_broadcast\": true}"));
        assertThat(get(hub.clubOwner(), "/guilds/" + hub.club() + "/directory-entries/broadcast?type=1")
                        .body())
                .isEqualTo(json("{\"can_broadcast\": true}"));
    }

    @Test
    void writesNeedTheDirectoryAndTheEntityManagedAndBadInputChangesNothing() {
        Hub hub = newHub();
        Snowflake student = newUser("student");
        addMember(hub.hub(), student);
        addMember(hub.club(), student);
        String text = as(hub.hubOwner(), HttpMethod.POST, "/guilds/" + hub.hub() + "/channels", "{\"name\": \"text\"}")
                .body()
                .get("id")
                .asString();

        Response notManager = as(student, HttpMethod.POST, hub.entry(hub.club()), "{}");
        assertThat(notManager.status()).isEqualTo(403);
        assertThat(notManager.body().get("code").asInt()).isEqualTo(50013);
        assertThat(get(newUser("outsider"), hub.entries()).status()).isEqualTo(403);
        assertThat(call(HttpMethod.GET, hub.entries(), null, null).status()).isEqualTo(401);
        Response notDirectory =
                as(hub.clubOwner(), HttpMethod.POST, "/channels/" + text + "/directory-entry/" + hub.club(), "{}");
        assertThat(notDirectory.status()).isEqualTo(400);
        assertThat(notDirectory.body().get("code").asInt()).isEqualTo(50024);
        Response noEvent = as(hub.clubOwner(), HttpMethod.POST, hub.entry("1234"), "{\"type\": 1}");
        assertThat(noEvent.body().get("code").asInt()).isEqualTo(10070);

        assertThat(errors(hub, "{\"description\": \"" + "x".repeat(201) + "\"}").has("description"))
                .isTrue();
        assertThat(errors(hub, "{\"primary_category_id\": 4}").has("primary_category_id"))
                .isTrue();
        assertThat(errors(hub, "{\"type\": 2}").has("type")).isTrue();
        assertThat(get(hub.hubOwner(), hub.entries() + "/search")
                        .body()
                        .get("errors")
                        .has("query"))
                .isTrue();
        assertThat(get(hub.hubOwner(), hub.entries() + "/search?query=" + "x".repeat(101))
                        .status())
                .isEqualTo(400);
        StringBuilder many = new StringBuilder();
        for (int i = 1; i <= 101; i++) {
            many.append(i == 1 ? "" : ",").append(i);
        }
        assertThat(get(hub.hubOwner(), hub.entries() + "/list?entity_ids=" + many)
                        .body()
                        .get("errors")
                        .has("entity_ids"))
                .isTrue();
        assertThat(get(hub.hubOwner(), "/guilds/" + hub.hub() + "/directory-entries/broadcast")
                        .status())
                .as("type is required")
                .isEqualTo(400);
        assertThat(count("SELECT count(*) FROM directory_entries WHERE guild_id = :id", Snowflake.parse(hub.hub())))
                .isZero();
        assertThat(events.all())
                .noneMatch(e -> e.path("type").asString().startsWith("GUILD_DIRECTORY_ENTRY")
                        && e.path("audience").path("guild_id").asString().equals(hub.hub()));
    }

    /** The event of {@code type} sent to the hub's directory. */
    private JsonNode directoryEvent(String type, Hub hub) {
        return awaitEvent(e -> e.path("type").asString().equals(type)
                && e.path("audience").path("channel_id").asString().equals(hub.directory()));
    }

    private JsonNode errors(Hub hub, String body) {
        Response refused = as(hub.clubOwner(), HttpMethod.POST, hub.entry(hub.club()), body);
        assertThat(refused.status()).as(String.valueOf(refused.body())).isEqualTo(400);
        assertThat(refused.body().get("code").asInt()).isEqualTo(50035);
        return refused.body().get("errors");
    }

    private Hub newHub() {
        Snowflake hubOwner = newUser("hub");
        String hub = createGuild(hubOwner, "{\"name\": \"State University\"}")
                .body()
                .get("id")
                .asString();
        Response directory =
                as(hubOwner, HttpMethod.POST, "/guilds/" + hub + "/channels", "{\"name\": \"clubs\", \"type\": 14}");
        assertThat(directory.status()).as(String.valueOf(directory.body())).isEqualTo(201);
        Snowflake clubOwner = newUser("club");
        addMember(hub, clubOwner);
        String club = createGuild(clubOwner, "{\"name\": \"Chess Club\"}")
                .body()
                .get("id")
                .asString();
        return new Hub(hub, hubOwner, directory.body().get("id").asString(), club, clubOwner);
    }
}
