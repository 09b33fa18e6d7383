package dev.concord.guild.channels;

import static dev.concord.platform.events.EventTypes.CHANNEL_CREATE;
import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * Forum channels keep the platform's forum settings (available_tags, default_sort_order,
 * default_forum_layout, default_reaction_emoji, default_thread_rate_limit_per_user) on create and
 * modify, in every read, in their events and in the database; bad values are 400 50035 naming the field.
 */
class ForumChannelIT extends GuildApiSupport {

    static final String FULL_FORUM = """
            {"name": "ideas", "type": 15,
             "available_tags": [{"name": "bug", "moderated": true, "emoji_name": "🐛"},
                                {"id": "12345", "name": "idea", "emoji_id": "41771983423143937"}],
             "default_sort_order": 1, "default_forum_layout": 2,
             "default_reaction_emoji": {"emoji_id": null, "emoji_name": "👍"},
             "default_thread_rate_limit_per_user": 60}""";

    record Guild(String id, Snowflake owner) {
        String channels() {
            return "/guilds/" + id + "/channels";
        }
    }

    Guild newGuild() {
        Snowflake owner = newUser("owner");
        return new Guild(
                createGuild(owner, "{\"name\": \"Forums\"}").body().get("id").asString(), owner);
    }

    Response create(Guild guild, String body) {
        return call(HttpMethod.POST, guild.channels(), userToken(guild.owner()), body);
    }

    Response patch(Guild guild, String channelId, String body) {
        return call(HttpMethod.PATCH, "/channels/" + channelId, userToken(guild.owner()), body);
    }

    JsonNode awaitChannelEvent(String type, JsonNode channel) {
        return events.awaitOne(
                        e -> e.path("type").asString().equals(type)
                                && e.path("data").equals(channel),
                        Duration.ofSeconds(15))
                .get("data");
    }

    /** The stored forum columns of a channel, as text. */
    Map<String, Object> stored(String channelId) {
        return db.sql("""
                        SELECT available_tags::text AS tags, default_sort_order, default_forum_layout,
                               default_reaction_emoji_id, default_reaction_emoji_name, default_thread_rate_limit_per_user
                        FROM channels WHERE id = :id""")
                .bind("id", Long.parseLong(channelId))
                .map(row -> {
                    java.util.HashMap<String, Object> columns = new java.util.HashMap<>();
                    columns.put("tags", row.get("tags", String.class));
                    columns.put("sort", row.get("default_sort_order", Integer.class));
                    columns.put("layout", row.get("default_forum_layout", Integer.class));
                    columns.put("emoji_id", row.get("default_reaction_emoji_id", Long.class));
                    columns.put("emoji_name", row.get("default_reaction_emoji_name", String.class));
                    columns.put("thread_slowmode", row.get("default_thread_rate_limit_per_user", Integer.class));
                    return (Map<String, Object>) columns;
                })
                .one()
                .block(Duration.ofSeconds(5));
    }

    static List<String> tagIds(JsonNode channel) {
        return StreamSupport.stream(channel.get("available_tags").spliterator(), false)
                .map(tag -> tag.get("id").asString())
                .toList();
    }

    @Test
    void aForumKeepsItsSettingsInTheAnswerEveryReadTheEventAndTheDatabase() {
        Guild guild = newGuild();

        Response created = create(guild, FULL_FORUM);

        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        JsonNode forum = created.body();
        List<String> ids = tagIds(forum);
        assertThat(ids).hasSize(2).doesNotHaveDuplicates().doesNotContain("12345");
        ids.forEach(id -> assertThat(Snowflake.parse(id).timestamp())
                .as("a snowflake made here")
                .isAfter(java.time.Instant.parse("2026-01-01T00:00:00Z")));
        assertThat(forum.get("available_tags"))
                .isEqualTo(json("[{\"id\": \"" + ids.get(0)
                        + "\", \"name\": \"bug\", \"moderated\": true, \"emoji_id\": null, \"emoji_name\": \"🐛\"},"
                        + "{\"id\": \"" + ids.get(1) + "\", \"name\": \"idea\", \"moderated\": false,"
                        + " \"emoji_id\": \"41771983423143937\", \"emoji_name\": null}]"));
        assertThat(forum.get("default_sort_order").asInt()).isEqualTo(1);
        assertThat(forum.get("default_forum_layout").asInt()).isEqualTo(2);
        assertThat(forum.get("default_reaction_emoji")).isEqualTo(json("{\"emoji_id\": null, \"emoji_name\": \"👍\"}"));
        assertThat(forum.get("default_thread_rate_limit_per_user").asInt()).isEqualTo(60);

        String id = forum.get("id").asString();
        assertThat(get(guild.owner(), "/channels/" + id).body()).isEqualTo(forum);
        assertThat(StreamSupport.stream(
                                get(guild.owner(), guild.channels()).body().spliterator(), false)
                        .filter(c -> c.get("id").asString().equals(id)))
                .containsExactly(forum);
        assertThat(awaitChannelEvent(CHANNEL_CREATE, forum)).isEqualTo(forum);
        Map<String, Object> row = stored(id);
        assertThat(json((String) row.get("tags"))).isEqualTo(forum.get("available_tags"));
        assertThat(row)
                .containsEntry("sort", 1)
                .containsEntry("layout", 2)
                .containsEntry("emoji_name", "👍")
                .containsEntry("thread_slowmode", 60);
    }

    @Test
    void defaultsAreAnsweredAndOtherTypesIgnoreTheForumFields() {
        Guild guild = newGuild();

        JsonNode plain = create(guild, "{\"name\": \"plain\", \"type\": 15}").body();
        Response text = create(
                guild,
                "{\"name\": \"chat\", \"available_tags\": [{\"name\": \"x\"}], \"default_sort_order\": 1,"
                        + " \"default_forum_layout\": 1, \"default_thread_rate_limit_per_user\": 5,"
                        + " \"default_reaction_emoji\": {\"emoji_name\": \"x\"}}");

        assertThat(plain.get("available_tags")).isEqualTo(json("[]"));
        assertThat(plain.get("default_sort_order").isNull()).isTrue();
        assertThat(plain.get("default_forum_layout").asInt()).isZero();
        assertThat(plain.get("default_reaction_emoji").isNull()).isTrue();
        assertThat(plain.get("default_thread_rate_limit_per_user").asInt()).isZero();
        assertThat(text.status()).isEqualTo(201);
        for (String field : List.of(
                "available_tags",
                "default_sort_order",
                "default_forum_layout",
                "default_reaction_emoji",
                "default_thread_rate_limit_per_user")) {
            assertThat(text.body().has(field)).as(field).isFalse();
        }
        assertThat(stored(text.body().get("id").asString()))
                .containsEntry("tags", "[]")
                .containsEntry("layout", 0)
                .containsEntry("thread_slowmode", 0);
    }

    @Test
    void aPatchKeepsTheIdsOfTagsItKeepsMakesNewOnesAndNullResetsADefault() {
        Guild guild = newGuild();
        JsonNode forum = create(guild, FULL_FORUM).body();
        String id = forum.get("id").asString();
        List<String> before = tagIds(forum);

        Response patched = patch(
                guild,
                id,
                "{\"available_tags\": [{\"id\": \"" + before.get(1) + "\", \"name\": \"ideas\"},"
                        + " {\"id\": \"1\", \"name\": \"new\"}],"
                        + " \"default_sort_order\": null, \"default_forum_layout\": 1,"
                        + " \"default_reaction_emoji\": {\"emoji_id\": \"41771983423143937\"},"
                        + " \"default_thread_rate_limit_per_user\": null}");

        assertThat(patched.status()).as(patched.body().toString()).isEqualTo(200);
        JsonNode changed = patched.body();
        List<String> after = tagIds(changed);
        assertThat(after.get(0)).as("kept").isEqualTo(before.get(1));
        assertThat(after.get(1))
                .as("an id the channel has no tag of is a new tag")
                .isNotIn("1", before.get(0));
        assertThat(changed.get("available_tags").get(0).get("name").asString()).isEqualTo("ideas");
        assertThat(changed.get("available_tags").get(0).get("emoji_id").isNull())
                .as("a tag is replaced whole")
                .isTrue();
        assertThat(changed.get("default_sort_order").isNull()).isTrue();
        assertThat(changed.get("default_forum_layout").asInt()).isEqualTo(1);
        assertThat(changed.get("default_reaction_emoji"))
                .isEqualTo(json("{\"emoji_id\": \"41771983423143937\", \"emoji_name\": null}"));
        assertThat(changed.get("default_thread_rate_limit_per_user").asInt()).isZero();
        assertThat(get(guild.owner(), "/channels/" + id).body()).isEqualTo(changed);
        assertThat(awaitChannelEvent(CHANNEL_UPDATE, changed)).isEqualTo(changed);
        assertThat(stored(id))
                .containsEntry("sort", null)
                .containsEntry("layout", 1)
                .containsEntry("emoji_id", 41771983423143937L)
                .containsEntry("emoji_name", null)
                .containsEntry("thread_slowmode", 0);

        Response cleared = patch(guild, id, "{\"available_tags\": null, \"default_reaction_emoji\": null}");
        assertThat(cleared.body().get("available_tags")).isEqualTo(json("[]"));
        assertThat(cleared.body().get("default_reaction_emoji").isNull()).isTrue();
    }

    @Test
    void badForumFieldsAreRefusedNamingTheFieldAndChangeNothing() {
        Guild guild = newGuild();
        StringBuilder tooMany = new StringBuilder("[");
        for (int i = 0; i < 21; i++) {
            tooMany.append(i == 0 ? "" : ",").append("{\"name\": \"t").append(i).append("\"}");
        }
        tooMany.append("]");
        String[][] cases = {
            {"\"available_tags\": " + tooMany, "available_tags"},
            {"\"available_tags\": [{\"name\": \"" + "n".repeat(21) + "\"}]", "available_tags"},
            {"\"available_tags\": [{\"moderated\": true}]", "available_tags"},
            {"\"available_tags\": [null]", "available_tags"},
            {"\"available_tags\": [{\"name\": \"x\", \"emoji_id\": \"1\", \"emoji_name\": \"y\"}]", "available_tags"},
            {"\"default_sort_order\": 2", "default_sort_order"},
            {"\"default_forum_layout\": 3", "default_forum_layout"},
            {"\"default_reaction_emoji\": {\"emoji_id\": \"1\", \"emoji_name\": \"y\"}", "default_reaction_emoji"},
            {"\"default_reaction_emoji\": {}", "default_reaction_emoji"},
            {"\"default_thread_rate_limit_per_user\": 21601", "default_thread_rate_limit_per_user"},
            {"\"default_thread_rate_limit_per_user\": -1", "default_thread_rate_limit_per_user"}
        };
        JsonNode forum = create(guild, FULL_FORUM).body();
        String id = forum.get("id").asString();
        Map<String, Object> storedBefore = stored(id);
        long channels = count("SELECT count(*) FROM channels WHERE guild_id = :id", Snowflake.parse(guild.id()));

        for (String[] c : cases) {
            Response onCreate = create(guild, "{\"name\": \"x\", \"type\": 15, " + c[0] + "}");
            Response onPatch = patch(guild, id, "{" + c[0] + "}");
            for (Response refused : List.of(onCreate, onPatch)) {
                assertThat(refused.status()).as(c[0]).isEqualTo(400);
                assertThat(refused.body().get("code").asInt()).as(c[0]).isEqualTo(50035);
                assertThat(refused.body().get("errors").has(c[1]))
                        .as(c[0] + " " + refused.body())
                        .isTrue();
            }
        }

        assertThat(count("SELECT count(*) FROM channels WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isEqualTo(channels);
        assertThat(stored(id)).isEqualTo(storedBefore);
        assertThat(get(guild.owner(), "/channels/" + id).body()).isEqualTo(forum);
    }
}
