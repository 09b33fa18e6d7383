package dev.concord.webhook.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import dev.concord.webhook.WebhookServiceApiTest;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/**
 * The webhook management endpoints of seed 002: made, listed, read, changed and deleted by members holding
 * MANAGE_WEBHOOKS or with the webhook's token, each change with its WEBHOOKS_UPDATE.
 */
class WebhookApiIT extends WebhookServiceApiTest {

    static final long MEMBER =
            Permission.bits(Permission.VIEW_CHANNEL, Permission.SEND_MESSAGES, Permission.READ_MESSAGE_HISTORY);
    static final long MANAGER = MEMBER | Permission.MANAGE_WEBHOOKS.bit();
    static final String PNG = "data:image/png;base64,"
            + Base64.getEncoder()
                    .encodeToString(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13});

    Response create(Snowflake user, Snowflake channel, String body) {
        return call(HttpMethod.POST, "/channels/" + channel + "/webhooks", userToken(user), body);
    }

    String createdId(Snowflake user, Snowflake channel, String name) {
        Response created = create(user, channel, "{\"name\": \"" + name + "\"}");
        assertThat(created.status()).as("%s", created.body()).isEqualTo(200);
        return created.body().get("id").asString();
    }

    long webhooksIn(Snowflake channel) {
        return stored("SELECT count(*) FROM webhooks WHERE channel_id = :id", channel);
    }

    boolean isUpdateOf(JsonNode event, Snowflake channel) {
        return event.path("type").asString().equals("WEBHOOKS_UPDATE")
                && event.at("/data/channel_id").asString().equals(channel.asString());
    }

    @Test
    void aMemberWithManageWebhooksMakesAnIncomingWebhookWithItsTokenAndUrl() {
        Place place = newPlace();
        Snowflake manager = place.member(this, "manager", MANAGER);

        Response created = create(manager, place.channel(), "{\"name\": \"Deploys\", \"avatar\": \"" + PNG + "\"}");

        assertThat(created.status()).as("%s", created.body()).isEqualTo(200);
        JsonNode webhook = created.body();
        String id = webhook.get("id").asString();
        String token = webhook.get("token").asString();
        assertThat(webhook.get("type").asInt()).isEqualTo(1);
        assertThat(webhook.get("guild_id").asString()).isEqualTo(place.guild().asString());
        assertThat(webhook.get("channel_id").asString())
                .isEqualTo(place.channel().asString());
        assertThat(webhook.get("name").asString()).isEqualTo("Deploys");
        assertThat(webhook.get("avatar").asString()).matches("[0-9a-f]{32}");
        assertThat(webhook.at("/user/id").asString()).isEqualTo(manager.asString());
        assertThat(webhook.has("application_id")).isTrue();
        assertThat(webhook.get("application_id").isNull()).isTrue();
        assertThat(token).matches("[A-Za-z0-9_-]{68}");
        assertThat(webhook.get("url").asString()).endsWith("/api/webhooks/" + id + "/" + token);

        assertThat(webhooksIn(place.channel())).isEqualTo(1);
        assertThat(Files.exists(ATTACHMENTS.resolve(WebhookAvatars.key(
                        Snowflake.parse(id), webhook.get("avatar").asString()))))
                .isTrue();
        JsonNode event = awaitEvent(e -> isUpdateOf(e, place.channel()));
        assertThat(event.at("/data/guild_id").asString())
                .isEqualTo(place.guild().asString());
        assertThat(event.at("/audience/channel_id").asString())
                .isEqualTo(place.channel().asString());
    }

    @Test
    void listsOfAChannelAndOfAGuildNeedManageWebhooks() {
        Place place = newPlace();
        Snowflake other = place.channel(this);
        Snowflake manager = place.member(this, "manager", MANAGER);
        Snowflake member = place.member(this, "member", MEMBER);
        Snowflake stranger = newUser("stranger");
        createdId(manager, place.channel(), "one");
        createdId(manager, place.channel(), "two");
        createdId(manager, other, "three");

        Response inChannel = as(manager, HttpMethod.GET, "/channels/" + place.channel() + "/webhooks", null);
        Response inGuild = as(manager, HttpMethod.GET, "/guilds/" + place.guild() + "/webhooks", null);

        assertThat(inChannel.body().valueStream().map(w -> w.get("name").asString()))
                .containsExactly("one", "two");
        assertThat(inChannel.body().get(0).get("token").isString()).isTrue();
        assertThat(inGuild.body().valueStream().map(w -> w.get("name").asString()))
                .containsExactly("one", "two", "three");
        assertThat(as(member, HttpMethod.GET, "/channels/" + place.channel() + "/webhooks", null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50013);
        assertThat(as(member, HttpMethod.GET, "/guilds/" + place.guild() + "/webhooks", null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50013);
        assertThat(as(stranger, HttpMethod.GET, "/channels/" + place.channel() + "/webhooks", null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50001);
        assertThat(call(HttpMethod.GET, "/channels/" + place.channel() + "/webhooks", null, null)
                        .status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, "/guilds/" + place.guild() + "/webhooks", null, null)
                        .status())
                .isEqualTo(401);
    }

    @Test
    void aWebhookIsReadWithManageWebhooksOrByTheApplicationItBelongsTo() {
        Place place = newPlace();
        Snowflake bot = newId();
        knownUser(bot, "bot", "0", true);
        place.fake().member(bot.value(), MANAGER);
        Snowflake member = place.member(this, "member", MEMBER);
        Response made = call(
                HttpMethod.POST, "/channels/" + place.channel() + "/webhooks", botToken(bot), "{\"name\": \"Bot's\"}");
        assertThat(made.status()).as("%s", made.body()).isEqualTo(200);
        String id = made.body().get("id").asString();
        // The test's bot tokens act for an application of the bot's own id, as on the platform.
        assertThat(made.body().get("application_id").asString()).isEqualTo(bot.asString());
        place.fake().member(bot.value(), MEMBER);

        Response byApplication = call(HttpMethod.GET, "/webhooks/" + id, botToken(bot), null);
        Response byOwner = as(place.owner(), HttpMethod.GET, "/webhooks/" + id, null);

        assertThat(byApplication.status()).as("%s", byApplication.body()).isEqualTo(200);
        assertThat(byApplication.body().get("name").asString()).isEqualTo("Bot's");
        assertThat(byOwner.body().at("/user/id").asString()).isEqualTo(bot.asString());
        assertThat(as(member, HttpMethod.GET, "/webhooks/" + id, null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50013);
        assertThat(as(member, HttpMethod.GET, "/webhooks/1", null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10015);
        assertThat(call(HttpMethod.GET, "/webhooks/" + id, null, null).status()).isEqualTo(401);
    }

    @Test
    void theTokenAloneReadsRenamesAndDeletesButDoesNotMove() {
        Place place = newPlace();
        Snowflake other = place.channel(this);
        Response made = create(place.owner(), place.channel(), "{\"name\": \"Alerts\"}");
        String id = made.body().get("id").asString();
        String path = "/webhooks/" + id + "/" + made.body().get("token").asString();

        Response read = call(HttpMethod.GET, path, null, null);
        Response renamed = call(HttpMethod.PATCH, path, null, "{\"name\": \"Pager\", \"avatar\": \"" + PNG + "\"}");
        Response moved = call(HttpMethod.PATCH, path, null, "{\"channel_id\": \"" + other + "\"}");
        Response wrongToken = call(HttpMethod.GET, "/webhooks/" + id + "/not-its-token", null, null);

        assertThat(read.status()).isEqualTo(200);
        assertThat(read.body().has("user")).isFalse();
        assertThat(read.body().get("token").isString()).isTrue();
        assertThat(renamed.status()).as("%s", renamed.body()).isEqualTo(200);
        assertThat(renamed.body().get("name").asString()).isEqualTo("Pager");
        assertThat(renamed.body().get("avatar").asString()).matches("[0-9a-f]{32}");
        assertThat(moved.status()).isEqualTo(400);
        assertThat(moved.body().at("/errors/channel_id/_errors/0/code").isString())
                .isTrue();
        assertThat(wrongToken.status()).isEqualTo(401);
        assertThat(wrongToken.body().get("code").asInt()).isEqualTo(50027);
        assertThat(stored("SELECT count(*) FROM webhooks WHERE id = :id AND name = 'Pager'", Snowflake.parse(id)))
                .isEqualTo(1);
        assertThat(webhooksIn(other)).isZero();

        assertThat(call(HttpMethod.DELETE, "/webhooks/" + id + "/wrong", null, null)
                        .status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.DELETE, path, null, null).status()).isEqualTo(204);
        assertThat(call(HttpMethod.GET, path, null, null).body().get("code").asInt())
                .isEqualTo(10015);
        assertThat(webhooksIn(place.channel())).isZero();
    }

    @Test
    void aManagerRenamesAndMovesWithinTheGuildAndBothChannelsHear() {
        Place place = newPlace();
        Snowflake other = place.channel(this);
        Place elsewhere = newPlace();
        elsewhere.fake().member(place.owner().value(), MANAGER);
        String id = createdId(place.owner(), place.channel(), "Builds");

        Response moved = as(
                place.owner(),
                HttpMethod.PATCH,
                "/webhooks/" + id,
                "{\"name\": \"CI\", \"avatar\": null, \"channel_id\": \"" + other + "\"}");

        assertThat(moved.status()).as("%s", moved.body()).isEqualTo(200);
        assertThat(moved.body().get("channel_id").asString()).isEqualTo(other.asString());
        assertThat(moved.body().get("name").asString()).isEqualTo("CI");
        assertThat(webhooksIn(other)).isEqualTo(1);
        awaitEvent(e -> isUpdateOf(e, other));
        // The creation's and the move's: the channel it left hears too.
        Awaitility.await("WEBHOOKS_UPDATE for the channel left")
                .atMost(Duration.ofSeconds(15))
                .until(() -> events.all().stream()
                                .filter(e -> isUpdateOf(e, place.channel()))
                                .count()
                        == 2);
        Response foreign = as(
                place.owner(),
                HttpMethod.PATCH,
                "/webhooks/" + id,
                "{\"channel_id\": \"" + elsewhere.channel() + "\"}");
        assertThat(foreign.body().at("/errors/channel_id/_errors/0/code").asString())
                .as("%s", foreign.body())
                .isEqualTo("CHANNEL_NOT_IN_GUILD");
        assertThat(webhooksIn(elsewhere.channel())).isZero();

        Snowflake member = place.member(this, "member", MEMBER);
        assertThat(as(member, HttpMethod.PATCH, "/webhooks/" + id, "{\"name\": \"mine\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50013);
        assertThat(as(member, HttpMethod.DELETE, "/webhooks/" + id, null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50013);
        assertThat(call(HttpMethod.DELETE, "/webhooks/" + id, null, null).status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.PATCH, "/webhooks/" + id, null, "{\"name\": \"x\"}")
                        .status())
                .isEqualTo(401);
        assertThat(as(place.owner(), HttpMethod.DELETE, "/webhooks/" + id, null).status())
                .isEqualTo(204);
        assertThat(webhooksIn(other)).isZero();
    }

    @Test
    void badInputIsRefusedNamingTheFieldAndChangesNothing() {
        Place place = newPlace();
        Snowflake friend = newUser("friend");
        Snowflake dm = newId();
        GUILD_SERVICE.directMessage(dm.value(), place.owner().value(), friend.value());
        Map<String, String> refused = Map.of(
                "{}",
                "/errors/name/_errors/0/code",
                "{\"name\": \"\"}",
                "/errors/name/_errors/0/code",
                "{\"name\": \"" + "x".repeat(81) + "\"}",
                "/errors/name/_errors/0/code",
                "{\"name\": \"My Discord hook\"}",
                "/errors/name/_errors/0/code",
                "{\"name\": \"ok\", \"avatar\": \"data:image/png;base64,bm90IGFuIGltYWdl\"}",
                "/errors/avatar/_errors/0/code");

        refused.forEach((body, field) -> {
            Response response = create(place.owner(), place.channel(), body);
            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(response.body().get("code").asInt()).as(body).isEqualTo(50035);
            assertThat(response.body().at(field).isString()).as(body).isTrue();
        });
        assertThat(create(place.owner(), place.channel(), "{\"name\": \"clyde\"}")
                        .body()
                        .at("/errors/name/_errors/0/code")
                        .asString())
                .isEqualTo("USERNAME_INVALID_CONTAINS");
        assertThat(create(place.owner(), dm, "{\"name\": \"ok\"}")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50024);
        assertThat(create(place.owner(), place.channel(), "not json")
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(50109);
        String id = createdId(place.owner(), place.channel(), "kept");
        assertThat(as(place.owner(), HttpMethod.PATCH, "/webhooks/" + id, "{\"name\": null}")
                        .body()
                        .at("/errors/name/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(webhooksIn(place.channel())).isEqualTo(1);
        assertThat(stored("SELECT count(*) FROM webhooks WHERE id = :id AND name = 'kept'", Snowflake.parse(id)))
                .isEqualTo(1);
    }

    @Test
    void aChannelHoldsFifteenWebhooks() {
        Place place = newPlace();
        for (int i = 0; i < WebhookService.MAX_PER_CHANNEL; i++) {
            createdId(place.owner(), place.channel(), "hook " + i);
        }

        Response sixteenth = create(place.owner(), place.channel(), "{\"name\": \"one more\"}");

        assertThat(sixteenth.status()).isEqualTo(400);
        assertThat(sixteenth.body().get("code").asInt()).isEqualTo(30007);
        assertThat(webhooksIn(place.channel())).isEqualTo(WebhookService.MAX_PER_CHANNEL);
    }

    @Test
    void aDeletedChannelTakesItsWebhooksAndARemovedApplicationItsOwn() {
        Place place = newPlace();
        Snowflake other = place.channel(this);
        createdId(place.owner(), place.channel(), "doomed");
        Snowflake bot = newId();
        knownUser(bot, "bot", "0", true);
        place.fake().member(bot.value(), MANAGER);
        call(HttpMethod.POST, "/channels/" + other + "/webhooks", botToken(bot), "{\"name\": \"app's\"}");
        createdId(place.owner(), other, "person's");

        publish(
                "guild.events",
                place.channel().asString(),
                "CHANNEL_DELETE",
                Map.of(
                        "guild_id",
                        place.guild().asString(),
                        "channel_id",
                        place.channel().asString()),
                Map.of(
                        "id",
                        place.channel().asString(),
                        "guild_id",
                        place.guild().asString(),
                        "type",
                        0));
        publish(
                "guild.events",
                place.guild().asString(),
                "INTEGRATION_DELETE",
                Map.of("guild_id", place.guild().asString(), "required_permission", "MANAGE_GUILD"),
                Map.of(
                        "id", "1",
                        "guild_id", place.guild().asString(),
                        "application_id", bot.asString()));

        Awaitility.await("the channel's and the application's webhooks go")
                .atMost(Duration.ofSeconds(15))
                .until(() -> webhooksIn(place.channel()) == 0 && webhooksIn(other) == 1);
        assertThat(stored("SELECT count(*) FROM webhooks WHERE channel_id = :id AND name = 'person''s'", other))
                .isEqualTo(1);
        // The creations' two, then the removal's: the channel is still there and its webhooks changed.
        Awaitility.await("WEBHOOKS_UPDATE for the channel the application's webhook left")
                .atMost(Duration.ofSeconds(15))
                .until(() ->
                        events.all().stream().filter(e -> isUpdateOf(e, other)).count() == 3);
    }

    @Test
    void theInternalApiMakesAnApplicationsWebhookForAPersonWhoMayManageTheChannel() {
        Place place = newPlace();
        Snowflake manager = place.member(this, "manager", MANAGER);
        Snowflake member = place.member(this, "member", MEMBER);
        String internal = InternalCredential.header(TestTokenKeys.internalSecret());
        String path = "/internal/channels/" + place.channel() + "/webhooks";

        Response made = call(
                HttpMethod.POST,
                path,
                internal,
                "{\"user_id\": \"" + manager + "\", \"application_id\": \"777\", \"name\": \"Status Page\"}");
        Response refused = call(
                HttpMethod.POST,
                path,
                internal,
                "{\"user_id\": \"" + member + "\", \"application_id\": \"777\", \"name\": \"Status Page\"}");

        assertThat(made.status()).as("%s", made.body()).isEqualTo(200);
        assertThat(made.body().get("application_id").asString()).isEqualTo("777");
        assertThat(made.body().at("/user/id").asString()).isEqualTo(manager.asString());
        assertThat(made.body().get("url").asString())
                .contains(made.body().get("token").asString());
        assertThat(refused.body().get("code").asInt()).isEqualTo(50013);
        assertThat(call(HttpMethod.POST, path, userToken(manager), "{}").status())
                .isEqualTo(401);
        Response incomplete = call(HttpMethod.POST, path, internal, "{\"name\": \"Status Page\"}");
        assertThat(incomplete.status()).isEqualTo(400);
        assertThat(incomplete.body().at("/errors/user_id/_errors/0/code").asString())
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(webhooksIn(place.channel())).isEqualTo(1);
    }
}
