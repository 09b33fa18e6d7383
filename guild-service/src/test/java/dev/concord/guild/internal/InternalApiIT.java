package dev.concord.guild.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.time.Duration;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** The internal authorization API other services use, against real PostgreSQL. */
class InternalApiIT extends GuildApiSupport {

    static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());

    record Guild(String id, Snowflake owner, String general) {}

    Guild newGuild() {
        Snowflake owner = newUser("owner");
        String id =
                createGuild(owner, "{\"name\": \"Internal\"}").body().get("id").asString();
        String general = StreamSupport.stream(
                        get(owner, "/guilds/" + id + "/channels").body().spliterator(), false)
                .filter(c -> c.get("type").asInt() == 0)
                .findFirst()
                .orElseThrow()
                .get("id")
                .asString();
        return new Guild(id, owner, general);
    }

    Response permissions(String guildId, String body) {
        return call(HttpMethod.POST, "/internal/guilds/" + guildId + "/permissions", INTERNAL, body);
    }

    long everyone(Guild guild) {
        return Long.parseLong(get(guild.owner(), "/guilds/" + guild.id() + "/roles/" + guild.id())
                .body()
                .get("permissions")
                .asString());
    }

    @Test
    void onlyOtherServicesHoldingTheSecretGetIn() {
        Guild guild = newGuild();
        String path = "/internal/guilds/" + guild.id() + "/members";

        assertThat(call(HttpMethod.GET, path, null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.GET, path, userToken(guild.owner()), null).body())
                .isEqualTo(json("{\"message\": \"401: Unauthorized\", \"code\": 0}"));
        assertThat(call(HttpMethod.GET, path, botToken(guild.owner()), null).status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, path, "Internal not-the-secret", null).status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, path, INTERNAL.substring(0, INTERNAL.length() - 1), null)
                        .status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, path, INTERNAL + "x", null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.GET, path, INTERNAL, null).status()).isEqualTo(200);
        assertThat(call(HttpMethod.GET, "/guilds/" + guild.id(), INTERNAL, null).status())
                .as("the secret opens nothing outside /internal")
                .isEqualTo(401);
    }

    @Test
    void aChannelIsFoundByItsIdAlone() {
        Guild guild = newGuild();

        Response channel = call(HttpMethod.GET, "/internal/channels/" + guild.general(), INTERNAL, null);
        Response unknown = call(HttpMethod.GET, "/internal/channels/42", INTERNAL, null);

        assertThat(channel.status()).isEqualTo(200);
        assertThat(channel.body().get("guild_id").asString()).isEqualTo(guild.id());
        assertThat(channel.body().get("type").asInt()).isZero();
        assertThat(channel.body().get("permission_overwrites").isArray()).isTrue();
        assertThat(unknown.body().get("code").asInt()).isEqualTo(10003);
        assertThat(call(HttpMethod.GET, "/internal/channels/" + guild.general(), userToken(guild.owner()), null)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void guildPermissionsComeFromEveryoneAndRolesAndTheOwnerHoldsAll() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        Snowflake kicker = newUser("kicker");
        Snowflake stranger = newUser("stranger");
        addMember(guild.id(), member);
        addMember(guild.id(), kicker, addRole(guild.id(), 1, Permission.KICK_MEMBERS.bit()));

        Response answer = permissions(
                guild.id(),
                "{\"user_ids\": [\"" + guild.owner() + "\", \"" + member + "\", \"" + kicker + "\", \"" + stranger
                        + "\"]}");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body().get("guild_id").asString()).isEqualTo(guild.id());
        assertThat(answer.body().get("owner_id").asString())
                .isEqualTo(guild.owner().asString());
        JsonNode permissions = answer.body().get("permissions");
        assertThat(permissions.get(guild.owner().asString()).asString()).isEqualTo(Long.toString(Permission.ALL));
        assertThat(permissions.get(member.asString()).asString()).isEqualTo(Long.toString(everyone(guild)));
        assertThat(permissions.get(kicker.asString()).asString())
                .isEqualTo(Long.toString(everyone(guild) | Permission.KICK_MEMBERS.bit()));
        assertThat(permissions.has(stranger.asString()))
                .as("non-members are left out")
                .isFalse();
    }

    @Test
    void channelPermissionsApplyTheChannelsOverwritesOrTheOnesSent() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);
        String hidden = call(
                        HttpMethod.POST,
                        "/guilds/" + guild.id() + "/channels",
                        userToken(guild.owner()),
                        "{\"name\": \"staff\", \"permission_overwrites\": [{\"id\": \"" + guild.id()
                                + "\", \"type\": 0, \"deny\": \"1024\"}]}")
                .body()
                .get("id")
                .asString();

        JsonNode inGeneral = permissions(
                        guild.id(), "{\"user_ids\": [\"" + member + "\"], \"channel_id\": \"" + guild.general() + "\"}")
                .body();
        JsonNode inHidden = permissions(
                        guild.id(),
                        "{\"user_ids\": [\"" + member + "\", \"" + guild.owner() + "\"], \"channel_id\": \"" + hidden
                                + "\"}")
                .body();
        JsonNode described = permissions(
                        guild.id(),
                        "{\"user_ids\": [\"" + member + "\"], \"overwrites\": [{\"id\": \"" + member
                                + "\", \"type\": 1, \"deny\": \"2048\"}]}")
                .body();

        assertThat(inGeneral.get("permissions").get(member.asString()).asString())
                .isEqualTo(Long.toString(everyone(guild)));
        assertThat(inHidden.get("permissions").get(member.asString()).asString())
                .as("no VIEW_CHANNEL, nothing")
                .isEqualTo("0");
        assertThat(inHidden.get("permissions").get(guild.owner().asString()).asString())
                .isEqualTo(Long.toString(Permission.ALL));
        assertThat(Long.parseLong(described
                                .get("permissions")
                                .get(member.asString())
                                .asString())
                        & Permission.SEND_MESSAGES.bit())
                .isZero();
    }

    @Test
    void aTimedOutMemberKeepsOnlyViewingAndReadingHistory() {
        Guild guild = newGuild();
        Snowflake member = newUser("member");
        addMember(guild.id(), member);
        db.sql("UPDATE members SET communication_disabled_until = now() + interval '1 hour' WHERE user_id = :id")
                .bind("id", member.value())
                .then()
                .block(Duration.ofSeconds(5));

        JsonNode answer = permissions(
                        guild.id(), "{\"user_ids\": [\"" + member + "\"], \"channel_id\": \"" + guild.general() + "\"}")
                .body();

        assertThat(answer.get("permissions").get(member.asString()).asString())
                .isEqualTo(Long.toString(Permission.bits(Permission.VIEW_CHANNEL, Permission.READ_MESSAGE_HISTORY)));
    }

    @Test
    void unknownGuildsAndForeignChannelsAreNotFoundAndBadBodiesAreNamed() {
        Guild guild = newGuild();
        Guild other = newGuild();
        String user = "[\"" + guild.owner() + "\"]";

        assertThat(permissions("42", "{\"user_ids\": " + user + "}").body())
                .isEqualTo(json("{\"message\": \"Unknown Guild\", \"code\": 10004}"));
        assertThat(permissions(guild.id(), "{\"user_ids\": " + user + ", \"channel_id\": \"" + other.general() + "\"}")
                        .body())
                .isEqualTo(json("{\"message\": \"Unknown Channel\", \"code\": 10003}"));
        assertThat(call(HttpMethod.GET, "/internal/guilds/42/members", INTERNAL, null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10004);
        String[][] cases = {
            {"{}", "user_ids"},
            {"{\"user_ids\": []}", "user_ids"},
            {"{\"user_ids\": [null]}", "user_ids"},
            {
                "{\"user_ids\": " + user + ", \"channel_id\": \"" + guild.general() + "\", \"overwrites\": []}",
                "overwrites"
            },
            {"{\"user_ids\": " + user + ", \"overwrites\": [{\"id\": \"1\", \"type\": 7}]}", "overwrites"}
        };
        for (String[] c : cases) {
            Response response = permissions(guild.id(), c[0]);
            assertThat(response.status()).as(c[0]).isEqualTo(400);
            assertThat(response.body().get("errors").has(c[1]))
                    .as(c[0] + " " + response.body())
                    .isTrue();
        }
        StringBuilder tooMany = new StringBuilder("{\"user_ids\": [");
        for (int i = 0; i < 1001; i++) {
            tooMany.append(i == 0 ? "" : ",").append('"').append(i + 1).append('"');
        }
        assertThat(permissions(guild.id(), tooMany.append("]}").toString())
                        .body()
                        .get("errors")
                        .has("user_ids"))
                .isTrue();
    }

    @Test
    void membersArePagedInIdOrder() {
        Guild guild = newGuild();
        Snowflake a = newUser("a");
        Snowflake b = newUser("b");
        addMember(guild.id(), a);
        addMember(guild.id(), b);
        String path = "/internal/guilds/" + guild.id() + "/members";

        JsonNode all = call(HttpMethod.GET, path, INTERNAL, null).body();
        JsonNode page = call(HttpMethod.GET, path + "?limit=1&after=" + guild.owner(), INTERNAL, null)
                .body();

        assertThat(all).isEqualTo(json("{\"user_ids\": [\"" + guild.owner() + "\", \"" + a + "\", \"" + b + "\"]}"));
        assertThat(page).isEqualTo(json("{\"user_ids\": [\"" + a + "\"]}"));
        assertThat(call(HttpMethod.GET, path + "?limit=10001", INTERNAL, null)
                        .body()
                        .get("errors")
                        .has("limit"))
                .isTrue();
    }

    @Test
    void aUsersGuildsComeAsGuildCreatePayloadsWithOnlyTheChannelsTheyCanView() {
        Guild first = newGuild();
        Guild second = newGuild();
        Snowflake member = newUser("member");
        addMember(first.id(), member);
        addMember(second.id(), member);
        String hidden = call(
                        HttpMethod.POST,
                        "/guilds/" + first.id() + "/channels",
                        userToken(first.owner()),
                        "{\"name\": \"staff\", \"permission_overwrites\": [{\"id\": \"" + first.id()
                                + "\", \"type\": 0, \"deny\": \"1024\"}]}")
                .body()
                .get("id")
                .asString();

        JsonNode guilds = call(HttpMethod.GET, "/internal/users/" + member + "/guilds", INTERNAL, null)
                .body();
        JsonNode ownersView = call(HttpMethod.GET, "/internal/users/" + first.owner() + "/guilds", INTERNAL, null)
                .body();

        assertThat(guilds).hasSize(2);
        JsonNode guild = guilds.get(0);
        assertThat(guild.get("id").asString()).isEqualTo(first.id());
        assertThat(guild.get("unavailable").asBoolean()).isFalse();
        assertThat(guild.get("member_count").asInt()).isEqualTo(2);
        assertThat(guild.get("roles").get(0).get("id").asString()).isEqualTo(first.id());
        assertThat(guild.get("members")).hasSize(1);
        assertThat(guild.get("members").get(0).get("user").get("id").asString()).isEqualTo(member.asString());
        assertThat(channelIds(guild)).hasSize(4).doesNotContain(hidden);
        assertThat(channelIds(ownersView.get(0))).hasSize(5).contains(hidden);
        assertThat(guilds.get(1).get("id").asString()).isEqualTo(second.id());
        assertThat(call(HttpMethod.GET, "/internal/users/" + newUser("loner") + "/guilds", INTERNAL, null)
                        .body())
                .isEmpty();
        assertThat(call(HttpMethod.GET, "/internal/users/" + member + "/guilds", userToken(member), null)
                        .status())
                .isEqualTo(401);
    }

    private static List<String> channelIds(JsonNode guild) {
        return StreamSupport.stream(guild.get("channels").spliterator(), false)
                .map(c -> c.get("id").asString())
                .toList();
    }
}
