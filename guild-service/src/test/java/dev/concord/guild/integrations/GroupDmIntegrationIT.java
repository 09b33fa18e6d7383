package dev.concord.guild.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * A group DM's integrations through HTTP, against real PostgreSQL and Kafka: an application a recipient
 * authorized (remote-auth-service's internal call), listed and removed by any recipient, its events to
 * the recipients; everyone else meets Unknown Channel.
 */
class GroupDmIntegrationIT extends IntegrationApiSupport {

    private static final AtomicLong CHANNELS = new AtomicLong(591926798626357250L);

    @Test
    void anApplicationAddedByOneRecipientIsListedForEachAndTheyHearOfIt() {
        Snowflake ann = newUser("ann");
        Snowflake bob = newUser("bob");
        Snowflake group = groupDm(ann, bob);
        Bot bot = newBot();

        Response added = authorize(group, ann, bot, "applications.commands");

        assertThat(added.status()).as("%s", added.body()).isEqualTo(200);
        assertThat(added.body().get("created").asBoolean()).isTrue();
        JsonNode listed = get(bob, "/channels/" + group + "/integrations").body();
        assertThat(listed).hasSize(1);
        JsonNode integration = listed.get(0);
        assertThat(integration.properties())
                .extracting(field -> field.getKey())
                .containsExactly("id", "type", "application", "scopes");
        assertThat(integration.get("id").asString())
                .isEqualTo(added.body().at("/integration/id").asString());
        assertThat(integration.get("type").asString()).isEqualTo("discord");
        JsonNode application = integration.get("application");
        assertThat(application.get("id").asString()).isEqualTo(bot.application().asString());
        assertThat(application.get("name").asString()).isEqualTo("Helper");
        assertThat(application.get("icon").isNull()).isTrue();
        assertThat(application.get("description").asString()).isEqualTo("helps");
        assertThat(application.at("/bot/id").asString()).isEqualTo(bot.user().asString());
        assertThat(application.at("/bot/bot").asBoolean()).isTrue();
        assertThat(integration.get("scopes").valueStream().map(JsonNode::asString))
                .containsExactly("applications.commands");
        assertThat(count("SELECT count(*) FROM private_channel_integrations WHERE channel_id = :id", group))
                .isEqualTo(1);
        assertThat(count("SELECT user_id FROM private_channel_integrations WHERE channel_id = :id", group))
                .as("who authorized it")
                .isEqualTo(ann.value());

        JsonNode created = awaitEvent(e -> isEventFor(e, "INTEGRATION_CREATE", bob)
                && e.at("/data/channel_id").asString().equals(group.asString()));
        assertThat(created.at("/audience/user_ids").valueStream().map(JsonNode::asString))
                .containsExactlyInAnyOrder(ann.asString(), bob.asString());
        assertThat(created.at("/data/id").asString())
                .isEqualTo(integration.get("id").asString());
        assertThat(created.at("/data/application/id").asString())
                .isEqualTo(bot.application().asString());
        assertThat(created.at("/data").has("guild_id")).isFalse();
    }

    @Test
    void authorizingAgainUpdatesTheScopesOfTheOneIntegration() {
        Snowflake ann = newUser("ann");
        Snowflake bob = newUser("bob");
        Snowflake group = groupDm(ann, bob);
        Bot bot = newBot();
        authorize(group, ann, bot, "applications.commands");

        Response again = authorize(group, bob, bot, "applications.commands", "identify");

        assertThat(again.status()).as("%s", again.body()).isEqualTo(200);
        assertThat(again.body().get("created").asBoolean()).isFalse();
        assertThat(count("SELECT count(*) FROM private_channel_integrations WHERE channel_id = :id", group))
                .isEqualTo(1);
        assertThat(get(ann, "/channels/" + group + "/integrations")
                        .body()
                        .at("/0/scopes")
                        .valueStream()
                        .map(JsonNode::asString))
                .containsExactly("applications.commands", "identify");
        JsonNode updated = awaitEvent(e -> isEventFor(e, "INTEGRATION_UPDATE", ann)
                && e.at("/data/channel_id").asString().equals(group.asString()));
        assertThat(updated.at("/data/scopes")).hasSize(2);
    }

    @Test
    void anyRecipientRemovesItAndTheRecipientsHearOfIt() {
        Snowflake ann = newUser("ann");
        Snowflake bob = newUser("bob");
        Snowflake group = groupDm(ann, bob);
        Bot bot = newBot();
        String id = authorize(group, ann, bot, "applications.commands")
                .body()
                .at("/integration/id")
                .asString();
        String path = "/channels/" + group + "/integrations/" + id;

        Response removed = as(bob, HttpMethod.DELETE, path, null);

        assertThat(removed.status()).as("%s", removed.body()).isEqualTo(204);
        assertThat(count("SELECT count(*) FROM private_channel_integrations WHERE channel_id = :id", group))
                .isZero();
        assertThat(get(ann, "/channels/" + group + "/integrations").body()).isEmpty();
        JsonNode deleted = awaitEvent(e -> isEventFor(e, "INTEGRATION_DELETE", ann)
                && e.at("/data/channel_id").asString().equals(group.asString()));
        assertThat(deleted.get("data").properties())
                .extracting(field -> field.getKey())
                .containsExactly("id", "channel_id", "application_id");
        assertThat(deleted.at("/data/id").asString()).isEqualTo(id);
        assertThat(deleted.at("/data/application_id").asString())
                .isEqualTo(bot.application().asString());
        assertThat(deleted.at("/audience/user_ids")).hasSize(2);
        assertCode(as(bob, HttpMethod.DELETE, path, null), 404, 10005);
    }

    @Test
    void aDeletedApplicationLeavesTheGroupDm() {
        Snowflake ann = newUser("ann");
        Snowflake bob = newUser("bob");
        Snowflake group = groupDm(ann, bob);
        Bot bot = newBot();
        String id = authorize(group, ann, bot, "applications.commands")
                .body()
                .at("/integration/id")
                .asString();

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

        JsonNode deleted = awaitEvent(e -> isEventFor(e, "INTEGRATION_DELETE", bob)
                && e.at("/data/channel_id").asString().equals(group.asString()));
        assertThat(deleted.at("/data/id").asString()).isEqualTo(id);
        assertThat(count("SELECT count(*) FROM private_channel_integrations WHERE channel_id = :id", group))
                .isZero();
    }

    @Test
    void onlyTheGroupsRecipientsSeeItAndEveryoneElseMeetsUnknownChannel() {
        Snowflake ann = newUser("ann");
        Snowflake bob = newUser("bob");
        Snowflake stranger = newUser("stranger");
        Snowflake group = groupDm(ann, bob);
        Snowflake dm = privateChannel(1, ann, bob);
        String guild = guildOf(ann);
        String guildChannel = as(ann, HttpMethod.POST, "/guilds/" + guild + "/channels", "{\"name\": \"general\"}")
                .body()
                .get("id")
                .asString();
        Bot bot = newBot();
        String id = authorize(group, ann, bot, "applications.commands")
                .body()
                .at("/integration/id")
                .asString();
        String list = "/channels/" + group + "/integrations";

        assertThat(call(HttpMethod.GET, list, null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.DELETE, list + "/" + id, null, null).status())
                .isEqualTo(401);
        assertCode(get(stranger, list), 404, 10003);
        assertCode(as(stranger, HttpMethod.DELETE, list + "/" + id, null), 404, 10003);
        assertCode(get(ann, "/channels/" + dm + "/integrations"), 404, 10003);
        assertCode(get(ann, "/channels/" + guildChannel + "/integrations"), 404, 10003);
        assertCode(get(ann, "/channels/1/integrations"), 404, 10003);
        assertCode(as(ann, HttpMethod.DELETE, list + "/1", null), 404, 10005);
        assertField(get(ann, "/channels/abc/integrations"), "channel_id", "NUMBER_TYPE_COERCE");
        assertField(as(ann, HttpMethod.DELETE, list + "/abc", null), "integration_id", "NUMBER_TYPE_COERCE");
        assertThat(count("SELECT count(*) FROM private_channel_integrations WHERE channel_id = :id", group))
                .as("nothing removed by the refused calls")
                .isEqualTo(1);
    }

    @Test
    void theInternalCallNeedsTheSecretARecipientAndTheCommandsScope() {
        Snowflake ann = newUser("ann");
        Snowflake bob = newUser("bob");
        Snowflake stranger = newUser("stranger");
        Snowflake group = groupDm(ann, bob);
        Snowflake dm = privateChannel(1, ann, bob);
        Bot bot = newBot();
        String body = body(stranger, bot, "applications.commands");
        String path = "/internal/channels/" + group + "/integrations";

        assertThat(call(HttpMethod.POST, path, userToken(ann), body(ann, bot, "applications.commands"))
                        .status())
                .isEqualTo(401);
        assertCode(call(HttpMethod.POST, path, INTERNAL, body), 404, 10003);
        assertCode(authorize(dm, ann, bot, "applications.commands"), 404, 10003);
        assertField(authorize(group, ann, bot, "identify"), "scopes", "BASE_TYPE_INVALID");
        assertField(
                call(HttpMethod.POST, path, INTERNAL, "{\"user_id\": \"" + ann + "\"}"),
                "scopes",
                "BASE_TYPE_REQUIRED");
        assertField(
                call(HttpMethod.POST, path, INTERNAL, "{\"user_id\": \"x\", \"scopes\": []}"),
                "user_id",
                "NUMBER_TYPE_COERCE");
        assertField(
                call(HttpMethod.POST, "/internal/channels/abc/integrations", INTERNAL, body),
                "channel_id",
                "NUMBER_TYPE_COERCE");
        assertThat(count("SELECT count(*) FROM private_channel_integrations WHERE channel_id = :id", group))
                .isZero();
        assertThat(count("SELECT count(*) FROM private_channel_integrations WHERE channel_id = :id", dm))
                .isZero();
    }

    private Response authorize(Snowflake channel, Snowflake user, Bot bot, String... scopes) {
        return call(
                HttpMethod.POST, "/internal/channels/" + channel + "/integrations", INTERNAL, body(user, bot, scopes));
    }

    private static String body(Snowflake user, Bot bot, String... scopes) {
        return "{\"user_id\": \"" + user + "\", \"scopes\": [\"" + String.join("\", \"", scopes)
                + "\"], \"application\": {\"id\": \"" + bot.application()
                + "\", \"name\": \"Helper\", \"icon\": null, \"description\": \"helps\", \"bot_id\": \""
                + bot.user() + "\"}}";
    }

    private Snowflake groupDm(Snowflake owner, Snowflake... others) {
        Snowflake[] all = new Snowflake[others.length + 1];
        all[0] = owner;
        System.arraycopy(others, 0, all, 1, others.length);
        return privateChannel(3, all);
    }

    /** A DM (1) or group DM (3) of these users, as opening one makes it (the first owns a group). */
    private Snowflake privateChannel(int type, Snowflake... recipients) {
        Snowflake id = Snowflake.of(CHANNELS.incrementAndGet());
        db.sql("""
                        WITH made AS (INSERT INTO private_channels (id, type, owner_id) VALUES (:id, :type, :owner))
                        INSERT INTO private_channel_recipients (channel_id, user_id) SELECT :id, unnest(:users)""")
                .bind("id", id.value())
                .bind("type", (short) type)
                .bind("owner", recipients[0].value())
                .bind("users", Arrays.stream(recipients).map(Snowflake::value).toArray(Long[]::new))
                .then()
                .block(Duration.ofSeconds(5));
        return id;
    }
}
