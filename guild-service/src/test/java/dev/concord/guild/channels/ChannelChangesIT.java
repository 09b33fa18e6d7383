package dev.concord.guild.channels;

import static dev.concord.platform.events.EventTypes.CHANNEL_DELETE;
import static dev.concord.platform.events.EventTypes.CHANNEL_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** PATCH and DELETE /channels/{channel.id} and its permission overwrites. */
class ChannelChangesIT extends GuildApiSupport {

    record Setup(String guildId, Snowflake owner, String channelId, String voiceId) {
        String path() {
            return "/channels/" + channelId;
        }
    }

    Setup setup() {
        Snowflake owner = newUser("owner");
        String guildId =
                createGuild(owner, "{\"name\": \"Edits\"}").body().get("id").asString();
        String channelId = call(
                        HttpMethod.POST,
                        "/guilds/" + guildId + "/channels",
                        userToken(owner),
                        "{\"name\": \"talk\", \"topic\": \"old\"}")
                .body()
                .get("id")
                .asString();
        String voiceId = call(
                        HttpMethod.POST,
                        "/guilds/" + guildId + "/channels",
                        userToken(owner),
                        "{\"name\": \"room\", \"type\": 2}")
                .body()
                .get("id")
                .asString();
        return new Setup(guildId, owner, channelId, voiceId);
    }

    JsonNode awaitChannelEvent(String type, String channelId, String field, String value) {
        return events.awaitOne(
                e -> e.path("type").asString().equals(type)
                        && e.path("data").path("id").asString().equals(channelId)
                        && (field == null
                                || e.path("data").path(field).asString("").equals(value)),
                Duration.ofSeconds(15));
    }

    @Test
    void managersEditChannelsAndMembersHearOfIt() {
        Setup s = setup();

        Response response = call(
                HttpMethod.PATCH,
                s.path(),
                userToken(s.owner()),
                "{\"name\": \"chat\", \"topic\": null, \"nsfw\": true, \"rate_limit_per_user\": 10, \"type\": 5}");

        assertThat(response.status()).isEqualTo(200);
        JsonNode channel = response.body();
        assertThat(channel.get("name").asString()).isEqualTo("chat");
        assertThat(channel.get("topic").isNull()).isTrue();
        assertThat(channel.get("nsfw").asBoolean()).isTrue();
        assertThat(channel.get("rate_limit_per_user").asInt()).isEqualTo(10);
        assertThat(channel.get("type").asInt()).isEqualTo(5);
        assertThat(get(s.owner(), s.path()).body()).isEqualTo(channel);
        JsonNode event = awaitChannelEvent(CHANNEL_UPDATE, s.channelId(), "name", "chat");
        assertThat(event.get("data")).isEqualTo(channel);
    }

    @Test
    void limitsFollowTheChannelsTypeAndOnlyTextAndAnnouncementConvert() {
        Setup s = setup();
        String voice = "/channels/" + s.voiceId();

        Response toVoice = call(HttpMethod.PATCH, s.path(), userToken(s.owner()), "{\"type\": 2}");
        Response users = call(HttpMethod.PATCH, voice, userToken(s.owner()), "{\"user_limit\": 100}");
        Response name = call(HttpMethod.PATCH, s.path(), userToken(s.owner()), "{\"name\": null}");
        Response bitrate =
                call(HttpMethod.PATCH, voice, userToken(s.owner()), "{\"bitrate\": 96000, \"user_limit\": 5}");

        assertThat(toVoice.body().get("errors").has("type")).isTrue();
        assertThat(users.body().get("errors").has("user_limit")).isTrue();
        assertThat(name.body().get("errors").has("name")).isTrue();
        assertThat(bitrate.status()).isEqualTo(200);
        assertThat(bitrate.body().get("bitrate").asInt()).isEqualTo(96000);
        assertThat(bitrate.body().get("user_limit").asInt()).isEqualTo(5);
        assertThat(get(s.owner(), s.path()).body().get("type").asInt()).isZero();
    }

    @Test
    void overwritesArePutAndDeletedByRoleManagersWithinWhatTheyHold() {
        Setup s = setup();
        Snowflake member = newUser("member");
        Snowflake roleManager = newUser("roles");
        addMember(s.guildId(), member);
        addMember(s.guildId(), roleManager, addRole(s.guildId(), 1, Permission.bits(Permission.MANAGE_ROLES)));
        String hideFromMember = "/channels/" + s.channelId() + "/permissions/" + member.asString();

        Response tooMuch =
                call(HttpMethod.PUT, hideFromMember, userToken(roleManager), "{\"type\": 1, \"deny\": \"8\"}");
        Response plain = call(HttpMethod.PUT, hideFromMember, userToken(member), "{\"type\": 1, \"deny\": \"1024\"}");
        Response noType = call(HttpMethod.PUT, hideFromMember, userToken(s.owner()), "{\"deny\": \"1024\"}");
        Response hidden =
                call(HttpMethod.PUT, hideFromMember, userToken(roleManager), "{\"type\": 1, \"deny\": \"1024\"}");

        assertThat(tooMuch.status()).isEqualTo(403);
        assertThat(plain.status()).isEqualTo(403);
        assertThat(noType.status()).isEqualTo(400);
        assertThat(hidden.status()).isEqualTo(204);
        assertThat(get(member, s.path()).body().get("code").asInt()).isEqualTo(50001);
        JsonNode channel = get(s.owner(), s.path()).body();
        assertThat(channel.get("permission_overwrites"))
                .isEqualTo(json("[{\"id\": \"" + member.asString()
                        + "\", \"type\": 1, \"allow\": \"0\", \"deny\": \"1024\"}]"));
        awaitChannelEvent(CHANNEL_UPDATE, s.channelId(), null, null);

        assertThat(call(HttpMethod.DELETE, hideFromMember, userToken(s.owner()), null)
                        .status())
                .isEqualTo(204);
        assertThat(get(member, s.path()).status()).isEqualTo(200);
        assertThat(call(HttpMethod.DELETE, hideFromMember, userToken(s.owner()), null)
                        .body())
                .isEqualTo(json("{\"message\": \"Unknown Permission Overwrite\", \"code\": 10009}"));
    }

    @Test
    void deletingAChannelAnswersWithItAndClearsWhatNamedIt() {
        Setup s = setup();
        Snowflake member = newUser("member");
        addMember(s.guildId(), member);
        call(
                HttpMethod.PATCH,
                "/guilds/" + s.guildId(),
                userToken(s.owner()),
                "{\"afk_channel_id\": \"" + s.voiceId() + "\"}");

        assertThat(call(HttpMethod.DELETE, "/channels/" + s.voiceId(), userToken(member), null)
                        .status())
                .isEqualTo(403);
        Response deleted = call(HttpMethod.DELETE, "/channels/" + s.voiceId(), userToken(s.owner()), null);

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.body().get("name").asString()).isEqualTo("room");
        assertThat(get(s.owner(), "/channels/" + s.voiceId()).body().get("code").asInt())
                .isEqualTo(10003);
        assertThat(get(s.owner(), "/guilds/" + s.guildId())
                        .body()
                        .get("afk_channel_id")
                        .isNull())
                .isTrue();
        awaitChannelEvent(CHANNEL_DELETE, s.voiceId(), null, null);
    }

    @Test
    void deletingACategoryKeepsItsChannelsWithoutAParentAndSaysSo() {
        Setup s = setup();
        String category = call(
                        HttpMethod.POST,
                        "/guilds/" + s.guildId() + "/channels",
                        userToken(s.owner()),
                        "{\"name\": \"Stuff\", \"type\": 4}")
                .body()
                .get("id")
                .asString();
        call(HttpMethod.PATCH, s.path(), userToken(s.owner()), "{\"parent_id\": \"" + category + "\"}");

        assertThat(call(HttpMethod.DELETE, "/channels/" + category, userToken(s.owner()), null)
                        .status())
                .isEqualTo(200);

        assertThat(get(s.owner(), s.path()).body().get("parent_id").isNull()).isTrue();
        JsonNode orphaned = events.awaitOne(
                e -> e.path("type").asString().equals(CHANNEL_UPDATE)
                        && e.path("data").path("id").asString().equals(s.channelId())
                        && e.path("data").path("parent_id").isNull(),
                Duration.ofSeconds(15));
        assertThat(orphaned.get("data").get("name").asString()).isEqualTo("talk");
        awaitChannelEvent(CHANNEL_DELETE, category, null, null);
    }

    @Test
    void membersWithoutTheRightPermissionChangeNothing() {
        Setup s = setup();
        Snowflake member = newUser("member");
        addMember(s.guildId(), member);
        String overwrite = "/channels/" + s.channelId() + "/permissions/" + s.guildId();
        call(HttpMethod.PUT, overwrite, userToken(s.owner()), "{\"type\": 0, \"deny\": \"2048\"}");

        Response rename = call(HttpMethod.PATCH, s.path(), userToken(member), "{\"name\": \"mine\"}");
        Response unlock = call(HttpMethod.DELETE, overwrite, userToken(member), null);

        assertThat(rename.body()).isEqualTo(json("{\"message\": \"Missing Permissions\", \"code\": 50013}"));
        assertThat(unlock.status()).isEqualTo(403);
        JsonNode channel = get(s.owner(), s.path()).body();
        assertThat(channel.get("name").asString()).isEqualTo("talk");
        assertThat(channel.get("permission_overwrites")).hasSize(1);

        assertThat(call(HttpMethod.DELETE, overwrite, userToken(s.owner()), null)
                        .status())
                .isEqualTo(204);
        JsonNode cleared = events.awaitOne(
                e -> e.path("type").asString().equals(CHANNEL_UPDATE)
                        && e.path("data").path("id").asString().equals(s.channelId())
                        && e.path("data").path("permission_overwrites").isEmpty(),
                Duration.ofSeconds(15));
        assertThat(cleared.get("audience").get("channel_id").asString()).isEqualTo(s.channelId());
    }

    @Test
    void malformedIdsAreRefused() {
        Setup s = setup();

        for (var call : new String[][] {
            {"GET", "/channels/x"},
            {"PATCH", "/channels/x"},
            {"DELETE", "/channels/x"},
            {"PUT", "/channels/" + s.channelId() + "/permissions/x"},
            {"DELETE", "/channels/" + s.channelId() + "/permissions/x"},
            {"GET", "/guilds/x/channels"},
            {"POST", "/guilds/x/channels"}
        }) {
            boolean withBody = call[0].equals("PATCH") || call[0].equals("PUT") || call[0].equals("POST");
            Response response = call(
                    HttpMethod.valueOf(call[0]),
                    call[1],
                    userToken(s.owner()),
                    withBody ? "{\"name\": \"n\", \"type\": 0}" : null);
            assertThat(response.status()).as(call[0] + " " + call[1]).isEqualTo(400);
            assertThat(response.body().get("code").asInt()).as(call[1]).isEqualTo(50035);
        }
    }

    @Test
    void channelChangesNeedAToken() {
        assertThat(call(HttpMethod.PATCH, "/channels/1", null, "{}").status()).isEqualTo(401);
        assertThat(call(HttpMethod.DELETE, "/channels/1", null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.PUT, "/channels/1/permissions/2", null, "{\"type\": 0}")
                        .status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.DELETE, "/channels/1/permissions/2", null, null)
                        .status())
                .isEqualTo(401);
    }
}
