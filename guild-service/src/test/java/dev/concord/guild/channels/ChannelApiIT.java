package dev.concord.guild.channels;

import static dev.concord.platform.events.EventTypes.CHANNEL_CREATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Creating, listing and reading guild channels: bodies, permissions, stored rows and events. */
class ChannelApiIT extends GuildApiSupport {

    record Guild(String id, Snowflake owner, String category) {
        String channels() {
            return "/guilds/" + id + "/channels";
        }
    }

    Guild newGuild() {
        Snowflake owner = newUser("owner");
        String id =
                createGuild(owner, "{\"name\": \"Channels\"}").body().get("id").asString();
        JsonNode channels = get(owner, "/guilds/" + id + "/channels").body();
        String category = StreamSupport.stream(channels.spliterator(), false)
                .filter(c -> c.get("type").asInt() == 4)
                .findFirst()
                .orElseThrow()
                .get("id")
                .asString();
        return new Guild(id, owner, category);
    }

    Response create(Snowflake user, Guild guild, String body) {
        return call(HttpMethod.POST, guild.channels(), userToken(user), body);
    }

    @Test
    void managersCreateChannelsOfEveryTypeAndMembersHearOfIt() {
        Guild guild = newGuild();

        Response text = create(
                guild.owner(),
                guild,
                "{\"name\": \"rules\", \"topic\": \"Read me\", \"parent_id\": \"" + guild.category() + "\"}");
        Response stage = create(
                guild.owner(),
                guild,
                "{\"name\": \"Town hall\", \"type\": 13, \"bitrate\": 32000, \"user_limit\": 500}");
        Response forum = create(
                guild.owner(), guild, "{\"name\": \"ideas\", \"type\": 15, \"topic\": \"" + "t".repeat(2000) + "\"}");

        assertThat(text.status()).isEqualTo(201);
        JsonNode rules = text.body();
        assertThat(rules.get("type").asInt()).isZero();
        assertThat(rules.get("topic").asString()).isEqualTo("Read me");
        assertThat(rules.get("parent_id").asString()).isEqualTo(guild.category());
        assertThat(rules.get("guild_id").asString()).isEqualTo(guild.id());
        assertThat(rules.get("position").asInt())
                .as("after #general in its category")
                .isEqualTo(1);
        assertThat(rules.get("permission_overwrites").isEmpty()).isTrue();
        assertThat(rules.has("bitrate")).isFalse();
        assertThat(stage.body().get("bitrate").asInt()).isEqualTo(32000);
        assertThat(stage.body().get("user_limit").asInt()).isEqualTo(500);
        assertThat(forum.status()).isEqualTo(201);
        assertThat(get(guild.owner(), "/channels/" + rules.get("id").asString()).body())
                .isEqualTo(rules);
        assertThat(get(guild.owner(), guild.channels()).body()).hasSize(7);
        JsonNode event = events.awaitOne(
                e -> e.path("type").asString().equals(CHANNEL_CREATE)
                        && e.path("data")
                                .path("id")
                                .asString()
                                .equals(rules.get("id").asString()),
                Duration.ofSeconds(15));
        assertThat(event.get("audience"))
                .isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\", \"channel_id\": \""
                        + rules.get("id").asString() + "\"}"));
        assertThat(event.get("data")).isEqualTo(rules);
    }

    @Test
    void overwritesHideChannelsAndNeedManageRolesWithinWhatTheCreatorHolds() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake channelManager = newUser("chan");
        addMember(guild.id(), member);
        long managers = addRole(guild.id(), 1, Permission.bits(Permission.MANAGE_CHANNELS, Permission.VIEW_CHANNEL));
        addMember(guild.id(), channelManager, managers);
        String hidden = "{\"name\": \"staff\", \"permission_overwrites\": [{\"id\": \"" + guild.id()
                + "\", \"type\": 0, \"allow\": \"0\", \"deny\": \"1024\"}]}";

        Response withoutManageRoles = create(channelManager, guild, hidden);
        Response plain = create(member, guild, "{\"name\": \"mine\"}");
        Response made = create(guild.owner(), guild, hidden);

        assertThat(withoutManageRoles.status()).isEqualTo(403);
        assertThat(plain.body()).isEqualTo(json("{\"message\": \"Missing Permissions\", \"code\": 50013}"));
        assertThat(made.status()).isEqualTo(201);
        assertThat(made.body().get("permission_overwrites"))
                .isEqualTo(
                        json("[{\"id\": \"" + guild.id() + "\", \"type\": 0, \"allow\": \"0\", \"deny\": \"1024\"}]"));
        String path = "/channels/" + made.body().get("id").asString();
        assertThat(get(member, path).body()).isEqualTo(json("{\"message\": \"Missing Access\", \"code\": 50001}"));
        assertThat(get(guild.owner(), path).status()).isEqualTo(200);
        assertThat(create(channelManager, guild, "{\"name\": \"open\"}").status())
                .isEqualTo(201);
    }

    @Test
    void badChannelsAreRefusedFieldByFieldAndNothingIsStored() {
        Guild guild = newGuild();
        String[][] cases = {
            {"{}", "name"},
            {"{\"name\": \"" + "n".repeat(101) + "\"}", "name"},
            {"{\"name\": \"x\", \"type\": 1}", "type"},
            {"{\"name\": \"x\", \"topic\": \"" + "t".repeat(1025) + "\"}", "topic"},
            {"{\"name\": \"x\", \"type\": 2, \"bitrate\": 7999}", "bitrate"},
            {"{\"name\": \"x\", \"type\": 2, \"user_limit\": 100}", "user_limit"},
            {"{\"name\": \"x\", \"rate_limit_per_user\": 21601}", "rate_limit_per_user"},
            {"{\"name\": \"x\", \"type\": 4, \"parent_id\": \"" + guild.category() + "\"}", "parent_id"},
            {"{\"name\": \"x\", \"parent_id\": \"42\"}", "parent_id"},
            {"{\"name\": \"x\", \"permission_overwrites\": [{\"id\": \"1\", \"type\": 5}]}", "permission_overwrites"},
            {
                "{\"name\": \"x\", \"permission_overwrites\": [{\"id\": \"1\", \"type\": 0, \"allow\": \"nope\"}]}",
                "permission_overwrites"
            },
            {"{\"name\": \"x\", \"permission_overwrites\": [{\"id\": \"1\", \"type\": 0}]}", "permission_overwrites"}
        };
        for (String[] c : cases) {
            Response response = create(guild.owner(), guild, c[0]);
            assertThat(response.status()).as(c[0]).isEqualTo(400);
            assertThat(response.body().get("code").asInt()).as(c[0]).isEqualTo(50035);
            assertThat(response.body().get("errors").has(c[1])).as(c[0]).isTrue();
        }
        assertThat(count("SELECT count(*) FROM channels WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isEqualTo(4);
    }

    @Test
    void strangersAndAnonymousCallersAreRefused() {
        Guild guild = newGuild();
        Snowflake stranger = newUser("stranger");

        assertThat(create(stranger, guild, "{\"name\": \"x\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(get(stranger, guild.channels()).body().get("code").asInt()).isEqualTo(50001);
        assertThat(get(stranger, "/channels/" + guild.category())
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(get(stranger, "/channels/1").body())
                .isEqualTo(json("{\"message\": \"Unknown Channel\", \"code\": 10003}"));
        assertThat(call(HttpMethod.POST, guild.channels(), null, "{\"name\": \"x\"}")
                        .status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, guild.channels(), null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.GET, "/channels/" + guild.category(), null, null)
                        .status())
                .isEqualTo(401);
    }
}
