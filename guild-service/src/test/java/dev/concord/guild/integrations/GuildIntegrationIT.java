package dev.concord.guild.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Linking, listing, changing and removing a guild's integrations with the offline streaming catalogue,
 * against real PostgreSQL and Kafka.
 */
class GuildIntegrationIT extends IntegrationApiSupport {

    /** concordlive in the shipped catalogue: 3 subscribers, two of them linked to users here. */
    static final String LIVE = "48183251";

    static final String TUTORIALS = "UCk3Lz1wqTnNh8Wdn2Y0Ma7A";

    @Test
    void linkingAnAccountMakesItsManagedRoleAndTellsTheManagers() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);

        Response linked = link(owner, guildId, "twitch", LIVE);

        assertThat(linked.status()).as("%s", linked.body()).isEqualTo(204);
        JsonNode created = awaitEvent("INTEGRATION_CREATE", guildId);
        assertThat(created.at("/audience/required_permission").asString()).isEqualTo("MANAGE_GUILD");
        JsonNode integration = created.get("data");
        JsonNode role = awaitEvent("GUILD_ROLE_CREATE", guildId).at("/data/role");
        assertThat(role.get("managed").asBoolean()).isTrue();
        assertThat(role.get("name").asString()).isEqualTo("concordlive");
        assertThat(role.at("/tags/integration_id").asString())
                .isEqualTo(integration.get("id").asString());
        assertThat(integration.get("type").asString()).isEqualTo("twitch");
        assertThat(integration.get("name").asString()).isEqualTo("concordlive");
        assertThat(integration.get("enabled").asBoolean()).isTrue();
        assertThat(integration.get("account")).isEqualTo(json("{\"id\": \"" + LIVE + "\", \"name\": \"concordlive\"}"));
        assertThat(integration.get("role_id").asString())
                .isEqualTo(role.get("id").asString());
        assertThat(integration.get("syncing").asBoolean()).isFalse();
        assertThat(integration.get("enable_emoticons").asBoolean()).isFalse();
        assertThat(integration.get("expire_behavior").asInt()).isZero();
        assertThat(integration.get("expire_grace_period").asInt()).isEqualTo(1);
        assertThat(integration.get("subscriber_count").asInt()).isZero();
        assertThat(integration.get("revoked").asBoolean()).isFalse();
        assertThat(integration.has("synced_at")).as("never synced").isFalse();
        assertThat(integration.at("/user/id").asString()).isEqualTo(owner.asString());
        assertThat(integration.get("guild_id").asString()).isEqualTo(guildId);
        awaitEvent("GUILD_INTEGRATIONS_UPDATE", guildId);

        JsonNode listed = integrations(owner, guildId);
        assertThat(listed).hasSize(1);
        ObjectNode expected = (ObjectNode) integration.deepCopy();
        expected.remove("guild_id");
        assertThat(listed.get(0))
                .as("the event's integration, without guild_id")
                .isEqualTo(expected);
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id AND managed", Snowflake.parse(guildId)))
                .isEqualTo(1);

        assertThat(link(owner, guildId, "videosite", TUTORIALS).status())
                .as("the interface document's stand-in names the same service")
                .isEqualTo(204);
        JsonNode video = integrationOf(owner, guildId, TUTORIALS);
        assertThat(video.get("type").asString()).isEqualTo("youtube");
        assertThat(video.has("enable_emoticons")).as("livestream only").isFalse();
        assertThat(count("SELECT count(*) FROM integrations WHERE guild_id = :id", Snowflake.parse(guildId)))
                .isEqualTo(2);
    }

    @Test
    void syncingGivesTheCataloguesSubscribersTheRole() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        // The catalogue's two linked subscribers of concordlive.
        Snowflake first = Snowflake.parse("190000000000000001");
        Snowflake second = Snowflake.parse("190000000000000002");
        knownUser(first, "subscriber1", "0", false);
        knownUser(second, "subscriber2", "0", false);
        addMember(guildId, first);
        addMember(guildId, second);
        link(owner, guildId, "livestream", LIVE);
        JsonNode integration = integrationOf(owner, guildId, LIVE);

        Response synced = as(
                owner,
                HttpMethod.POST,
                "/guilds/" + guildId + "/integrations/" + integration.get("id").asString() + "/sync",
                null);

        assertThat(synced.status()).as("%s", synced.body()).isEqualTo(204);
        JsonNode after = integrationOf(owner, guildId, LIVE);
        assertThat(after.get("subscriber_count").asInt()).isEqualTo(3);
        assertThat(after.get("synced_at").asString()).isNotEmpty();
        for (Snowflake subscriber : List.of(first, second)) {
            assertThat(get(owner, "/guilds/" + guildId + "/members/" + subscriber)
                            .body()
                            .get("roles"))
                    .extracting(JsonNode::asString)
                    .containsExactly(integration.get("role_id").asString());
        }
        assertThat(awaitEvent("INTEGRATION_UPDATE", guildId)
                        .at("/data/subscriber_count")
                        .asInt())
                .isEqualTo(3);
        assertThat(count(
                        "SELECT count(*) FROM integration_subscribers WHERE integration_id = :id",
                        Snowflake.parse(integration.get("id").asString())))
                .isEqualTo(2);
    }

    @Test
    void linkingRefusesWhatThePlatformRefuses() {
        Snowflake owner = newUser("owner");
        Snowflake member = newUser("member");
        Snowflake stranger = newUser("stranger");
        String guildId = guildOf(owner);
        addMember(guildId, member);
        String path = "/guilds/" + guildId + "/integrations";

        assertField(link(owner, guildId, "twitch", "no-such-account"), "id", "INTEGRATION_ACCOUNT_UNKNOWN");
        assertField(link(owner, guildId, "discord", LIVE), "type", "BASE_TYPE_CHOICES");
        assertField(as(owner, HttpMethod.POST, path, "{\"type\": \"twitch\"}"), "id", "BASE_TYPE_REQUIRED");
        assertField(as(owner, HttpMethod.POST, path, "{\"type\": \"twitch\", \"id\": 5}"), "id", "BASE_TYPE_STRING");
        assertCode(link(member, guildId, "twitch", LIVE), 403, 50013);
        assertCode(link(stranger, guildId, "twitch", LIVE), 403, 50001);
        assertCode(get(member, path), 403, 50013);
        assertCode(link(owner, "1", "twitch", LIVE), 404, 10004);
        assertThat(call(HttpMethod.GET, path, null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.POST, path, null, "{\"type\": \"twitch\", \"id\": \"" + LIVE + "\"}")
                        .status())
                .isEqualTo(401);
        assertField(get(owner, path + "?has_commands=maybe"), "has_commands", "BASE_TYPE_BOOLEAN");
        assertField(
                get(owner, path + "?include_role_connections_metadata=2"),
                "include_role_connections_metadata",
                "BASE_TYPE_BOOLEAN");
        assertThat(count("SELECT count(*) FROM integrations WHERE guild_id = :id", Snowflake.parse(guildId)))
                .isZero();

        assertThat(link(owner, guildId, "twitch", LIVE).status()).isEqualTo(204);
        assertField(link(owner, guildId, "livestream", LIVE), "id", "INTEGRATION_ALREADY_EXISTS");
        assertThat(count("SELECT count(*) FROM integrations WHERE guild_id = :id", Snowflake.parse(guildId)))
                .isEqualTo(1);
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id AND managed", Snowflake.parse(guildId)))
                .isEqualTo(1);
    }

    @Test
    void aManagerChangesTheSettingsEachCheckedByName() {
        Snowflake owner = newUser("owner");
        Snowflake manager = newUser("manager");
        Snowflake member = newUser("member");
        String guildId = guildOf(owner);
        addMember(guildId, manager, addRole(guildId, 1, Permission.MANAGE_GUILD.bit()));
        addMember(guildId, member);
        link(owner, guildId, "twitch", LIVE);
        link(owner, guildId, "youtube", TUTORIALS);
        String live = "/guilds/" + guildId + "/integrations/"
                + integrationOf(owner, guildId, LIVE).get("id").asString();
        String video = "/guilds/" + guildId + "/integrations/"
                + integrationOf(owner, guildId, TUTORIALS).get("id").asString();

        Response changed = as(
                manager,
                HttpMethod.PATCH,
                live,
                "{\"expire_behavior\": 1, \"expire_grace_period\": 7, \"enable_emoticons\": true}");

        assertThat(changed.status()).as("%s", changed.body()).isEqualTo(204);
        JsonNode updated = awaitEvent("INTEGRATION_UPDATE", guildId).get("data");
        assertThat(updated.get("expire_behavior").asInt()).isEqualTo(1);
        assertThat(updated.get("expire_grace_period").asInt()).isEqualTo(7);
        assertThat(updated.get("enable_emoticons").asBoolean()).isTrue();
        await().atMost(Duration.ofSeconds(15))
                .until(() -> eventsAbout("GUILD_INTEGRATIONS_UPDATE", guildId).size() >= 3);
        JsonNode listed = integrationOf(owner, guildId, LIVE);
        assertThat(listed.get("expire_grace_period").asInt()).isEqualTo(7);

        assertField(
                as(owner, HttpMethod.PATCH, live, "{\"expire_behavior\": 2}"), "expire_behavior", "BASE_TYPE_CHOICES");
        assertField(
                as(owner, HttpMethod.PATCH, live, "{\"expire_grace_period\": 2}"),
                "expire_grace_period",
                "BASE_TYPE_CHOICES");
        assertField(
                as(owner, HttpMethod.PATCH, live, "{\"expire_behavior\": null}"),
                "expire_behavior",
                "BASE_TYPE_REQUIRED");
        assertField(
                as(owner, HttpMethod.PATCH, live, "{\"enable_emoticons\": \"yes\"}"),
                "enable_emoticons",
                "BASE_TYPE_BOOLEAN");
        assertField(
                as(owner, HttpMethod.PATCH, video, "{\"enable_emoticons\": true}"),
                "enable_emoticons",
                "BASE_TYPE_INVALID");
        assertCode(as(member, HttpMethod.PATCH, live, "{\"expire_behavior\": 0}"), 403, 50013);
        assertCode(as(owner, HttpMethod.PATCH, "/guilds/" + guildId + "/integrations/1", "{}"), 404, 10005);
        assertThat(integrationOf(owner, guildId, LIVE)).isEqualTo(listed);
        assertThat(eventsAbout("INTEGRATION_UPDATE", guildId)).hasSize(1);
    }

    @Test
    void removingAStreamingIntegrationTakesItsRole() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        link(owner, guildId, "twitch", LIVE);
        JsonNode integration = integrationOf(owner, guildId, LIVE);
        String path =
                "/guilds/" + guildId + "/integrations/" + integration.get("id").asString();

        assertCode(as(owner, HttpMethod.DELETE, "/guilds/" + guildId + "/integrations/1", null), 404, 10005);
        Response deleted = as(owner, HttpMethod.DELETE, path, null);

        assertThat(deleted.status()).as("%s", deleted.body()).isEqualTo(204);
        assertThat(awaitEvent("GUILD_ROLE_DELETE", guildId).at("/data/role_id").asString())
                .isEqualTo(integration.get("role_id").asString());
        JsonNode gone = awaitEvent("INTEGRATION_DELETE", guildId).get("data");
        assertThat(gone)
                .isEqualTo(json(
                        "{\"id\": \"" + integration.get("id").asString() + "\", \"guild_id\": \"" + guildId + "\"}"));
        await().atMost(Duration.ofSeconds(15))
                .until(() -> eventsAbout("GUILD_INTEGRATIONS_UPDATE", guildId).size() >= 2);
        assertThat(integrations(owner, guildId)).isEmpty();
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id AND managed", Snowflake.parse(guildId)))
                .isZero();
        assertCode(as(owner, HttpMethod.DELETE, path, null), 404, 10005);
    }

    @Test
    void removingAnApplicationsIntegrationKicksItsBot() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        Bot bot = newBot();
        addBot(guildId, owner, bot, List.of("bot"));
        JsonNode integration = integrations(owner, guildId).get(0);
        assertThat(integration.at("/application/bot/id").asString())
                .isEqualTo(bot.user().asString());
        assertThat(integration.get("scopes")).isEqualTo(json("[\"bot\"]"));

        Response deleted = as(
                owner,
                HttpMethod.DELETE,
                "/guilds/" + guildId + "/integrations/" + integration.get("id").asString(),
                null);

        assertThat(deleted.status()).as("%s", deleted.body()).isEqualTo(204);
        assertThat(awaitEvent("GUILD_MEMBER_REMOVE", guildId)
                        .at("/data/user/id")
                        .asString())
                .isEqualTo(bot.user().asString());
        awaitEvent("GUILD_ROLE_DELETE", guildId);
        JsonNode gone = awaitEvent("INTEGRATION_DELETE", guildId).get("data");
        assertThat(gone.get("application_id").asString())
                .as("what webhook-service deletes the application's webhooks by")
                .isEqualTo(bot.application().asString());
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", bot.user()))
                .isZero();
        assertThat(count("SELECT count(*) FROM integrations WHERE application_id = :id", bot.application()))
                .isZero();
    }

    @Test
    void applicationsMoveToTheCommandsScopeAndAreListedByGuild() {
        Snowflake owner = newUser("owner");
        Snowflake member = newUser("member");
        String guildId = guildOf(owner);
        String otherGuild = guildOf(owner);
        addMember(guildId, member);
        Bot old = newBot();
        Bot commands = newBot();
        Bot elsewhere = newBot();
        addBot(guildId, owner, old, List.of("bot"));
        addBot(guildId, owner, commands, List.of("bot", "applications.commands"));
        addBot(otherGuild, owner, elsewhere, List.of("bot"));
        link(owner, guildId, "twitch", LIVE);
        String oldId = idOfApplication(owner, guildId, old);
        String commandsId = idOfApplication(owner, guildId, commands);

        assertThat(get(owner, "/guilds/" + guildId + "/integrations?has_commands=true")
                        .body())
                .extracting(integration -> integration.get("id").asString())
                .containsExactly(commandsId);
        Response migrated = as(owner, HttpMethod.POST, "/guilds/" + guildId + "/migrate-command-scope", null);

        assertThat(migrated.status()).as("%s", migrated.body()).isEqualTo(200);
        assertThat(migrated.body().get("integration_ids_with_app_commands"))
                .extracting(JsonNode::asString)
                .containsExactlyInAnyOrder(oldId, commandsId);
        JsonNode updated = awaitEvent(e -> e.path("type").asString().equals("INTEGRATION_UPDATE")
                && e.at("/data/id").asString().equals(oldId)
                && e.at("/data/scopes").size() == 2);
        assertThat(updated.at("/data/scopes/1").asString()).isEqualTo("applications.commands");
        assertThat(count(
                        "SELECT count(*) FROM integrations WHERE guild_id = :id AND 'applications.commands' = ANY (scopes)",
                        Snowflake.parse(guildId)))
                .isEqualTo(2);
        assertCode(as(member, HttpMethod.POST, "/guilds/" + guildId + "/migrate-command-scope", null), 403, 50013);

        Response mine = get(owner, "/users/@me/guilds/integration-application-ids");
        assertThat(mine.status()).as("%s", mine.body()).isEqualTo(200);
        assertThat(mine.body().get(guildId))
                .extracting(JsonNode::asString)
                .containsExactlyInAnyOrder(
                        old.application().asString(), commands.application().asString());
        assertThat(mine.body().get(otherGuild))
                .extracting(JsonNode::asString)
                .containsExactly(elsewhere.application().asString());
        assertThat(get(member, "/users/@me/guilds/integration-application-ids")
                        .body()
                        .has(otherGuild))
                .as("only the caller's guilds")
                .isFalse();
        assertThat(call(HttpMethod.GET, "/users/@me/guilds/integration-application-ids", null, null)
                        .status())
                .isEqualTo(401);
    }

    private String idOfApplication(Snowflake owner, String guildId, Bot bot) {
        return integrationOf(owner, guildId, bot.application().asString())
                .get("id")
                .asString();
    }
}
