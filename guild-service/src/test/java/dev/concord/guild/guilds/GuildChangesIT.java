package dev.concord.guild.guilds;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_REMOVE;
import static dev.concord.platform.events.EventTypes.GUILD_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** PATCH and DELETE /guilds/{guild.id} and leaving a guild: who may, what is stored, what is published. */
class GuildChangesIT extends GuildApiSupport {

    record Guild(String id, Snowflake owner, String textChannel, String voiceChannel) {
        String path() {
            return "/guilds/" + id;
        }
    }

    Guild newGuild() {
        Snowflake owner = newUser("owner");
        JsonNode created = createGuild(owner, "{\"name\": \"Changing\"}").body();
        String id = created.get("id").asString();
        JsonNode channels = awaitEvent(GUILD_CREATE, id).get("data").get("channels");
        String text = channelOfType(channels, 0);
        String voice = channelOfType(channels, 2);
        return new Guild(id, owner, text, voice);
    }

    static String channelOfType(JsonNode channels, int type) {
        return StreamSupport.stream(channels.spliterator(), false)
                .filter(c -> c.get("type").asInt() == type)
                .findFirst()
                .orElseThrow()
                .get("id")
                .asString();
    }

    Response patch(Snowflake user, Guild guild, String body) {
        return call(HttpMethod.PATCH, guild.path(), userToken(user), body);
    }

    @Test
    void theOwnerChangesSettingsAndMembersHearOfIt() {
        Guild guild = newGuild();

        Response response = patch(guild.owner(), guild, """
                {"name": "Renamed", "description": "A place", "afk_timeout": 60, "preferred_locale": "fr",
                 "afk_channel_id": "%s", "system_channel_id": null, "features": ["INVITES_DISABLED"]}""".formatted(guild.voiceChannel()));

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.body();
        assertThat(body.get("name").asString()).isEqualTo("Renamed");
        assertThat(body.get("description").asString()).isEqualTo("A place");
        assertThat(body.get("afk_timeout").asInt()).isEqualTo(60);
        assertThat(body.get("preferred_locale").asString()).isEqualTo("fr");
        assertThat(body.get("afk_channel_id").asString()).isEqualTo(guild.voiceChannel());
        assertThat(body.get("system_channel_id").isNull()).isTrue();
        assertThat(body.get("features")).isEqualTo(json("[\"INVITES_DISABLED\"]"));
        assertThat(get(guild.owner(), guild.path()).body()).isEqualTo(body);
        JsonNode event = awaitEvent(GUILD_UPDATE, guild.id());
        assertThat(event.get("audience")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\"}"));
        assertThat(event.get("data")).isEqualTo(body);
    }

    @Test
    void aPatchThatChangesNothingPublishesNothing() {
        Guild guild = newGuild();

        assertThat(patch(guild.owner(), guild, "{\"name\": \"Changing\", \"afk_timeout\": 300}")
                        .status())
                .isEqualTo(200);
        assertThat(patch(guild.owner(), guild, "{\"name\": \"Changed\"}").status())
                .isEqualTo(200);

        awaitEvent(GUILD_UPDATE, guild.id());
        assertThat(eventsAbout(GUILD_UPDATE, guild.id())).hasSize(1);
    }

    @Test
    void manageGuildIsNeededAndOwnershipMovesOnlyByTheOwner() {
        Guild guild = newGuild();
        Snowflake plain = newUser("plain");
        Snowflake manager = newUser("manager");
        Snowflake stranger = newUser("stranger");
        long managers = addRole(guild.id(), 1, Permission.MANAGE_GUILD.bit());
        addMember(guild.id(), plain);
        addMember(guild.id(), manager, managers);

        assertThat(patch(plain, guild, "{\"name\": \"Mine\"}").body())
                .isEqualTo(json("{\"message\": \"Missing Permissions\", \"code\": 50013}"));
        assertThat(patch(stranger, guild, "{\"name\": \"Mine\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(patch(manager, guild, "{\"name\": \"Managed\"}").status()).isEqualTo(200);
        assertThat(patch(manager, guild, "{\"owner_id\": \"" + manager.asString() + "\"}")
                        .status())
                .isEqualTo(403);
        Response toStranger = patch(guild.owner(), guild, "{\"owner_id\": \"" + stranger.asString() + "\"}");
        assertThat(toStranger.status()).isEqualTo(400);
        assertThat(toStranger.body().get("errors").has("owner_id")).isTrue();

        Response handedOver = patch(guild.owner(), guild, "{\"owner_id\": \"" + manager.asString() + "\"}");

        assertThat(handedOver.body().get("owner_id").asString()).isEqualTo(manager.asString());
        assertThat(get(manager, guild.path()).body().get("name").asString()).isEqualTo("Managed");
        assertThat(patch(guild.owner(), guild, "{\"name\": \"Old owner\"}").status())
                .isEqualTo(403);
    }

    @Test
    void channelFieldsNameChannelsOfTheRightKind() {
        Guild guild = newGuild();

        Response voiceAsSystem =
                patch(guild.owner(), guild, "{\"system_channel_id\": \"" + guild.voiceChannel() + "\"}");
        Response textAsAfk = patch(guild.owner(), guild, "{\"afk_channel_id\": \"" + guild.textChannel() + "\"}");
        Response elsewhere = patch(guild.owner(), guild, "{\"rules_channel_id\": \"42\"}");

        for (Response response : new Response[] {voiceAsSystem, textAsAfk, elsewhere}) {
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.body().get("code").asInt()).isEqualTo(50035);
        }
        assertThat(voiceAsSystem
                        .body()
                        .get("errors")
                        .get("system_channel_id")
                        .get("_errors")
                        .get(0)
                        .get("code")
                        .asString())
                .isEqualTo("CHANNEL_INVALID");
        assertThat(get(guild.owner(), guild.path())
                        .body()
                        .get("system_channel_id")
                        .asString())
                .isEqualTo(guild.textChannel());
    }

    @Test
    void featuresAreSwitchedOnlyWhereTheGuildMay() {
        Guild guild = newGuild();
        Snowflake manager = newUser("manager");
        addMember(guild.id(), manager, addRole(guild.id(), 1, Permission.MANAGE_GUILD.bit()));

        Response fixed = patch(guild.owner(), guild, "{\"features\": [\"VERIFIED\"]}");
        Response community = patch(guild.owner(), guild, "{\"features\": [\"COMMUNITY\"]}");
        Response notAdmin = patch(manager, guild, "{\"features\": [\"COMMUNITY\"]}");
        Response banner = patch(
                guild.owner(),
                guild,
                "{\"banner\": \"data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7\"}");

        assertThat(fixed.body()
                        .get("errors")
                        .get("features")
                        .get("_errors")
                        .get(0)
                        .get("code")
                        .asString())
                .isEqualTo("FEATURE_NOT_MUTABLE");
        assertThat(community.status()).isEqualTo(400);
        assertThat(notAdmin.status()).isEqualTo(403);
        assertThat(banner.body()
                        .get("errors")
                        .get("banner")
                        .get("_errors")
                        .get(0)
                        .get("code")
                        .asString())
                .isEqualTo("GUILD_FEATURE_REQUIRED");
        Response ready = patch(guild.owner(), guild, """
                {"features": ["COMMUNITY"], "rules_channel_id": "%s", "public_updates_channel_id": "%s",
                 "verification_level": 1, "explicit_content_filter": 2}""".formatted(guild.textChannel(), guild.textChannel()));
        assertThat(ready.status()).isEqualTo(200);
        assertThat(ready.body().get("features")).isEqualTo(json("[\"COMMUNITY\"]"));
    }

    @Test
    void badValuesAreRefusedFieldByField() {
        Guild guild = newGuild();

        Response response = patch(
                guild.owner(),
                guild,
                "{\"name\": null, \"description\": \"" + "d".repeat(121)
                        + "\", \"afk_timeout\": 5, \"preferred_locale\": \"xx\"}");

        assertThat(response.status()).isEqualTo(400);
        JsonNode errors = response.body().get("errors");
        assertThat(errors.get("name").get("_errors").get(0).get("code").asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(errors.get("description").get("_errors").get(0).get("code").asString())
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(errors.has("afk_timeout")).isTrue();
        assertThat(errors.has("preferred_locale")).isTrue();
        assertThat(get(guild.owner(), guild.path()).body().get("name").asString())
                .isEqualTo("Changing");
    }

    @Test
    void onlyTheOwnerDeletesAndEveryMemberLosesTheGuild() {
        Guild guild = newGuild();
        Snowflake admin = newUser("admin");
        addMember(guild.id(), admin, addRole(guild.id(), 1, Permission.ADMINISTRATOR.bit()));

        assertThat(call(HttpMethod.DELETE, guild.path(), userToken(admin), null).status())
                .isEqualTo(403);
        Response deleted = call(HttpMethod.DELETE, guild.path(), userToken(guild.owner()), null);

        assertThat(deleted.status()).isEqualTo(204);
        assertThat(get(guild.owner(), guild.path()).body().get("code").asInt()).isEqualTo(10004);
        assertThat(count("SELECT count(*) FROM members WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isZero();
        JsonNode event = awaitEvent(GUILD_DELETE, guild.id());
        assertThat(event.get("data")).isEqualTo(json("{\"id\": \"" + guild.id() + "\"}"));
        assertThat(event.get("audience").get("user_ids"))
                .containsExactlyInAnyOrder(
                        json("\"" + guild.owner().asString() + "\""), json("\"" + admin.asString() + "\""));
    }

    @Test
    void membersLeaveButTheOwnerCannot() {
        Guild guild = newGuild();
        Snowflake member = newUser("leaver");
        addMember(guild.id(), member);

        Response owner = call(HttpMethod.DELETE, "/users/@me/guilds/" + guild.id(), userToken(guild.owner()), null);
        Response left = call(HttpMethod.DELETE, "/users/@me/guilds/" + guild.id(), userToken(member), null);
        Response again = call(HttpMethod.DELETE, "/users/@me/guilds/" + guild.id(), userToken(member), null);

        assertThat(owner.status()).isEqualTo(400);
        assertThat(owner.body()).isEqualTo(json("{\"message\": \"Invalid Guild\", \"code\": 50055}"));
        assertThat(left.status()).isEqualTo(204);
        assertThat(again.body()).isEqualTo(json("{\"message\": \"Unknown Guild\", \"code\": 10004}"));
        assertThat(get(member, guild.path()).status()).isEqualTo(403);
        assertThat(get(guild.owner(), guild.path() + "?with_counts=true")
                        .body()
                        .get("approximate_member_count")
                        .asInt())
                .isEqualTo(1);
        JsonNode removed = awaitEvent(GUILD_MEMBER_REMOVE, guild.id());
        assertThat(removed.get("data").get("user").get("id").asString()).isEqualTo(member.asString());
        assertThat(removed.get("audience")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\"}"));
        assertThat(awaitEvent(GUILD_DELETE, guild.id()).get("audience"))
                .isEqualTo(json("{\"user_ids\": [\"" + member.asString() + "\"]}"));
    }

    @Test
    void malformedIdsAreRefusedAndApplicationsMayNotActHere() {
        Guild guild = newGuild();

        for (var call :
                new String[][] {{"PATCH", "/guilds/abc"}, {"DELETE", "/guilds/abc"}, {"DELETE", "/users/@me/guilds/abc"}
                }) {
            Response response = call(
                    HttpMethod.valueOf(call[0]),
                    call[1],
                    userToken(guild.owner()),
                    call[0].equals("PATCH") ? "{}" : null);
            assertThat(response.status()).as(call[1]).isEqualTo(400);
            assertThat(response.body()
                            .get("errors")
                            .get("guild_id")
                            .get("_errors")
                            .get(0)
                            .get("code")
                            .asString())
                    .isEqualTo("NUMBER_TYPE_COERCE");
        }
        Response leave =
                call(HttpMethod.DELETE, "/users/@me/guilds/" + guild.id(), oauthToken(guild.owner(), "guilds"), null);
        assertThat(leave.body()).isEqualTo(json("{\"message\": \"Missing Access\", \"code\": 50001}"));
        assertThat(get(guild.owner(), guild.path()).status()).isEqualTo(200);
    }

    @Test
    void changesNeedAToken() {
        for (HttpMethod method : new HttpMethod[] {HttpMethod.PATCH, HttpMethod.DELETE}) {
            assertThat(call(method, "/guilds/1", null, method == HttpMethod.PATCH ? "{}" : null)
                            .status())
                    .isEqualTo(401);
        }
        assertThat(call(HttpMethod.DELETE, "/users/@me/guilds/1", null, null).status())
                .isEqualTo(401);
    }
}
