package dev.concord.guild.integrations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** remote-auth-service adding a bot a person authorized, through the internal API, against real PostgreSQL and Kafka. */
class BotJoinIT extends GuildApiSupport {

    static final String INTERNAL = InternalCredential.header(TestTokenKeys.internalSecret());
    static final AtomicLong APPLICATIONS = new AtomicLong(391926798626357250L);

    record Bot(Snowflake application, Snowflake user) {}

    Bot newBot() {
        Snowflake application = Snowflake.of(APPLICATIONS.incrementAndGet());
        Snowflake user = Snowflake.of(APPLICATIONS.incrementAndGet());
        knownUser(user, "Helper", "4821", true);
        return new Bot(application, user);
    }

    String guildOf(Snowflake owner) {
        return createGuild(owner, "{\"name\": \"Bots\"}").body().get("id").asString();
    }

    Response addBot(String guildId, Snowflake adder, Bot bot, String permissions) {
        return call(
                HttpMethod.POST,
                "/internal/guilds/" + guildId + "/bots",
                INTERNAL,
                "{\"user_id\": \"" + adder + "\", \"permissions\": \"" + permissions
                        + "\", \"scopes\": [\"bot\", \"applications.commands\"], \"application\": {\"id\": \""
                        + bot.application() + "\", \"name\": \"Helper\", \"icon\": null, \"description\": \"helps\","
                        + " \"bot_id\": \"" + bot.user() + "\", \"is_verified\": true, \"is_discoverable\": false,"
                        + " \"is_monetized\": false, \"role_connections_verification_url\": \"https://helper.example/verify\"}}");
    }

    @Test
    void asAskedTheListShowsTheRoleConnectionMetadataTheApplicationDeclared() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        Bot bot = newBot();
        assertThat(addBot(guildId, owner, bot, "0").status()).isEqualTo(200);
        String app = bot.application().asString();
        publish(
                "identity.events",
                app,
                "APPLICATION_CREATE",
                Map.of("user_ids", List.of()),
                Map.of("id", app, "name", "Helper", "owner", Map.of("id", owner.asString())));
        String declared = """
                [{"type": 2, "key": "level", "name": "Level", "name_localizations": {"fr": "Niveau"},
                  "description": "At least this level", "description_localizations": null}]""";
        publish(
                "identity.events",
                app,
                "APPLICATION_ROLE_CONNECTIONS_METADATA_UPDATE",
                Map.of("user_ids", List.of()),
                Map.of("id", app, "role_connections_metadata", json(declared)));
        String listed = "/guilds/" + guildId + "/integrations?include_role_connections_metadata=true";

        await().atMost(Duration.ofSeconds(15))
                .until(() -> get(owner, listed)
                                .body()
                                .path(0)
                                .path("role_connections_metadata")
                                .size()
                        == 1);
        assertThat(get(owner, listed).body().get(0).get("role_connections_metadata"))
                .isEqualTo(json(declared));
        assertThat(get(owner, "/guilds/" + guildId + "/integrations")
                        .body()
                        .get(0)
                        .has("role_connections_metadata"))
                .as("only when asked")
                .isFalse();
    }

    @Test
    void theBotJoinsWithItsManagedRoleAndTheGuildHearsOfItsIntegration() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        Bot bot = newBot();
        long granted = Permission.SEND_MESSAGES.bit() | Permission.VIEW_CHANNEL.bit();

        Response added = addBot(guildId, owner, bot, Long.toString(granted));

        assertThat(added.status()).isEqualTo(200);
        assertThat(added.body().get("joined").asBoolean()).isTrue();
        assertThat(added.body().at("/guild/id").asString())
                .as("the guild, as the token response of a bot's code grant shows it")
                .isEqualTo(guildId);
        assertThat(added.body().at("/guild/roles").valueStream().anyMatch(role -> role.at("/tags/bot_id")
                        .asString()
                        .equals(bot.user().asString())))
                .as("with the bot's role")
                .isTrue();
        JsonNode integration = added.body().get("integration");
        assertThat(integration.get("type").asString()).isEqualTo("discord");
        assertThat(integration.get("name").asString()).isEqualTo("Helper");
        assertThat(integration.get("enabled").asBoolean()).isTrue();
        assertThat(integration.at("/account/id").asString())
                .isEqualTo(bot.application().asString());
        assertThat(integration.at("/application/id").asString())
                .isEqualTo(bot.application().asString());
        assertThat(integration.at("/application/bot/id").asString())
                .isEqualTo(bot.user().asString());
        assertThat(integration.at("/application/bot/bot").asBoolean()).isTrue();
        assertThat(integration.at("/user/id").asString()).isEqualTo(owner.asString());
        assertThat(integration.get("scopes")).hasSize(2);
        assertThat(integration.at("/application/is_verified").asBoolean()).isTrue();
        assertThat(integration.at("/application/is_discoverable").isBoolean()).isTrue();
        assertThat(integration.at("/application/is_monetized").isBoolean()).isTrue();
        assertThat(integration.has("role_connections_metadata"))
                .as("only when asked")
                .isFalse();
        assertThat(integration.at("/application").has("role_connections_verification_url"))
                .isFalse();
        JsonNode listed = get(owner, "/guilds/" + guildId + "/integrations?include_role_connections_metadata=true")
                .body()
                .get(0);
        assertThat(listed.get("role_connections_metadata")).isEmpty();
        assertThat(listed.at("/application/role_connections_verification_url").asString())
                .isEqualTo("https://helper.example/verify");
        assertThat(listed.at("/application/is_verified").asBoolean()).isTrue();

        JsonNode role = awaitEvent("GUILD_ROLE_CREATE", guildId).get("data").get("role");
        assertThat(role.get("managed").asBoolean()).isTrue();
        assertThat(role.at("/tags/bot_id").asString()).isEqualTo(bot.user().asString());
        assertThat(role.get("name").asString()).isEqualTo("Helper");
        assertThat(role.get("position").asInt()).isEqualTo(1);
        assertThat(role.get("permissions").asString()).isEqualTo(Long.toString(granted));

        JsonNode memberAdd = awaitEvent("GUILD_MEMBER_ADD", guildId);
        assertThat(memberAdd.at("/data/user/id").asString())
                .isEqualTo(bot.user().asString());
        assertThat(memberAdd.at("/data/roles/0").asString())
                .isEqualTo(role.get("id").asString());
        JsonNode guildCreate = awaitEvent(e -> isEventFor(e, "GUILD_CREATE", bot.user()));
        assertThat(guildCreate.at("/data/id").asString()).isEqualTo(guildId);
        assertThat(guildCreate.at("/data/members/0/user/id").asString())
                .isEqualTo(bot.user().asString());
        assertThat(guildCreate.at("/data/member_count").asInt()).isEqualTo(2);
        assertThat(guildCreate.at("/data/large").asBoolean()).isFalse();
        JsonNode created = awaitEvent("INTEGRATION_CREATE", guildId);
        assertThat(created.at("/audience/required_permission").asString()).isEqualTo("MANAGE_GUILD");
        assertThat(created.at("/data/id").asString())
                .isEqualTo(integration.get("id").asString());
        awaitEvent("GUILD_INTEGRATIONS_UPDATE", guildId);

        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", bot.user()))
                .isEqualTo(1);
        assertThat(count("SELECT member_count FROM guilds WHERE id = :id", Snowflake.parse(guildId)))
                .isEqualTo(2);
        assertThat(count("SELECT count(*) FROM integrations WHERE application_id = :id", bot.application()))
                .isEqualTo(1);
        assertThat(get(bot.user(), "/guilds/" + guildId + "/members/" + bot.user())
                        .body()
                        .get("roles"))
                .extracting(JsonNode::asString)
                .containsExactly(role.get("id").asString());
    }

    @Test
    void authorizingAgainChangesTheRolesPermissionsAndUpdatesTheIntegration() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        Bot bot = newBot();
        addBot(guildId, owner, bot, Long.toString(Permission.SEND_MESSAGES.bit()));

        Response again = addBot(guildId, owner, bot, Long.toString(Permission.EMBED_LINKS.bit()));

        assertThat(again.body().get("joined").asBoolean()).isFalse();
        JsonNode updated = awaitEvent(e -> e.path("type").asString().equals("GUILD_ROLE_UPDATE")
                && e.at("/data/role/tags/bot_id").asString("").equals(bot.user().asString()));
        assertThat(updated.at("/data/role/permissions").asString())
                .isEqualTo(Long.toString(Permission.EMBED_LINKS.bit()));
        awaitEvent("INTEGRATION_UPDATE", guildId);
        assertThat(eventsAbout("GUILD_MEMBER_ADD", guildId)).hasSize(1);
        assertThat(count("SELECT count(*) FROM integrations WHERE application_id = :id", bot.application()))
                .isEqualTo(1);
    }

    @Test
    void noPermissionsMeansNoRole() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        Bot bot = newBot();

        assertThat(addBot(guildId, owner, bot, "0").status()).isEqualTo(200);

        JsonNode memberAdd = awaitEvent("GUILD_MEMBER_ADD", guildId);
        assertThat(memberAdd.at("/data/roles")).isEmpty();
        assertThat(count("SELECT count(*) FROM roles WHERE guild_id = :id AND managed", Snowflake.parse(guildId)))
                .isZero();
    }

    @Test
    void onlyManagersMayAddBotsAndOnlyWithPermissionsTheyHold() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        Snowflake member = newUser("member");
        Snowflake manager = newUser("manager");
        Snowflake stranger = newUser("stranger");
        addMember(guildId, member);
        addMember(guildId, manager, addRole(guildId, 1, Permission.MANAGE_GUILD.bit()));
        Bot bot = newBot();

        assertThat(addBot(guildId, member, bot, "0").body().get("code").asInt()).isEqualTo(50013);
        assertThat(addBot(guildId, stranger, bot, "0").body().get("code").asInt())
                .isEqualTo(50001);
        assertThat(addBot(guildId, manager, bot, Long.toString(Permission.ADMINISTRATOR.bit()))
                        .status())
                .as("a permission the manager lacks")
                .isEqualTo(403);
        assertThat(addBot("1", owner, bot, "0").body().get("code").asInt()).isEqualTo(10004);
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", bot.user()))
                .isZero();
        assertThat(addBot(guildId, manager, bot, "0").status()).isEqualTo(200);
    }

    @Test
    void aBadBodyNamesTheFieldAndOnlyTheSecretGetsIn() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        String path = "/internal/guilds/" + guildId + "/bots";

        Response bad =
                call(HttpMethod.POST, path, INTERNAL, "{\"user_id\": \"" + owner + "\", \"permissions\": \"-1\"}");
        Response userCall = call(HttpMethod.POST, path, userToken(owner), "{}");

        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("code").asInt()).isEqualTo(50035);
        assertThat(bad.body().at("/errors/application/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(bad.body().at("/errors/permissions/_errors/0/code").asString())
                .isEqualTo("NUMBER_TYPE_MIN");
        assertThat(userCall.status()).isEqualTo(401);
    }

    @Test
    void theConsentScreenListsTheGuildsOnePersonMayAddBotsTo() {
        Snowflake owner = newUser("owner");
        Snowflake manager = newUser("manager");
        String owned = guildOf(owner);
        String managed = guildOf(owner);
        String joined = guildOf(owner);
        guildOf(owner);
        addMember(managed, manager, addRole(managed, 1, Permission.MANAGE_GUILD.bit()));
        addMember(joined, manager);

        Response mine = call(HttpMethod.GET, "/internal/users/" + manager + "/manageable-guilds", INTERNAL, null);
        Response owners = call(HttpMethod.GET, "/internal/users/" + owner + "/manageable-guilds", INTERNAL, null);

        assertThat(mine.status()).isEqualTo(200);
        assertThat(mine.body()).extracting(guild -> guild.get("id").asString()).containsExactly(managed);
        assertThat(mine.body().get(0).get("name").asString()).isEqualTo("Bots");
        assertThat(owners.body()).hasSize(4);
        assertThat(owners.body().get(0).get("id").asString()).isEqualTo(owned);
        assertThat(call(HttpMethod.GET, "/internal/users/" + owner + "/manageable-guilds", userToken(owner), null)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void aDeletedApplicationsBotLeavesWithItsRoleAndIntegration() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        Bot bot = newBot();
        addBot(guildId, owner, bot, Long.toString(Permission.SEND_MESSAGES.bit()));
        String roleId =
                awaitEvent("GUILD_ROLE_CREATE", guildId).at("/data/role/id").asString();
        String integrationId =
                awaitEvent("INTEGRATION_CREATE", guildId).at("/data/id").asString();

        publish(
                "identity.events",
                bot.application().asString(),
                "APPLICATION_DELETE",
                Map.of("user_ids", List.of()),
                Map.of(
                        "id",
                        bot.application().asString(),
                        "bot_user_id",
                        bot.user().asString()));

        JsonNode deleted = awaitEvent("INTEGRATION_DELETE", guildId);
        assertThat(deleted.at("/data/id").asString()).isEqualTo(integrationId);
        assertThat(deleted.at("/data/application_id").asString())
                .isEqualTo(bot.application().asString());
        assertThat(awaitEvent("GUILD_ROLE_DELETE", guildId).at("/data/role_id").asString())
                .isEqualTo(roleId);
        assertThat(awaitEvent("GUILD_MEMBER_REMOVE", guildId)
                        .at("/data/user/id")
                        .asString())
                .isEqualTo(bot.user().asString());
        awaitEvent(e -> isEventFor(e, "GUILD_DELETE", bot.user()));
        // The removal's GUILD_INTEGRATIONS_UPDATE may come after GUILD_DELETE (another key): waited for, not assumed.
        await().atMost(Duration.ofSeconds(15))
                .until(() -> eventsAbout("GUILD_INTEGRATIONS_UPDATE", guildId).size() >= 2);
        assertThat(eventsAbout("GUILD_INTEGRATIONS_UPDATE", guildId)).hasSize(2);
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", bot.user()))
                .isZero();
        assertThat(count("SELECT count(*) FROM integrations WHERE application_id = :id", bot.application()))
                .isZero();
        assertThat(count("SELECT member_count FROM guilds WHERE id = :id", Snowflake.parse(guildId)))
                .isEqualTo(1);
    }

    @Test
    void aBotJoiningABigGuildIsToldItIsLarge() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        for (int i = 0; i < 50; i++) {
            addMember(guildId, newUser("crowd"));
        }
        Bot bot = newBot();

        addBot(guildId, owner, bot, "0");

        JsonNode guildCreate = awaitEvent(e -> isEventFor(e, "GUILD_CREATE", bot.user()));
        assertThat(guildCreate.at("/data/member_count").asInt()).isEqualTo(52);
        assertThat(guildCreate.at("/data/large").asBoolean())
                .as("over the default threshold of 50")
                .isTrue();
    }
}
