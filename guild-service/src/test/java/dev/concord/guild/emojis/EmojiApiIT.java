package dev.concord.guild.emojis;

import static dev.concord.guild.emojis.EmojiImagesForTests.dataUri;
import static dev.concord.guild.emojis.EmojiImagesForTests.gif;
import static dev.concord.guild.emojis.EmojiImagesForTests.png;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Guild emoji through HTTP: the image checked and served, who may do what, the buckets, GUILD_EMOJIS_UPDATE. */
class EmojiApiIT extends GuildApiSupport {

    private static final long CREATE = Permission.CREATE_GUILD_EXPRESSIONS.bit();
    private static final long MANAGE = Permission.MANAGE_GUILD_EXPRESSIONS.bit();

    record Guild(String id, Snowflake owner) {
        String emojis() {
            return "/guilds/" + id + "/emojis";
        }

        String emoji(Object emojiId) {
            return emojis() + "/" + emojiId;
        }
    }

    @Test
    void anUploadIsCheckedKeptServedAndToldToTheGuild() throws Exception {
        Guild guild = newGuild();
        byte[] image = png(64, 64);

        Response made = as(guild.owner(), HttpMethod.POST, guild.emojis(), body("party_parrot", dataUri("png", image)));

        assertThat(made.status()).isEqualTo(201);
        JsonNode emoji = made.body();
        String id = emoji.get("id").asString();
        assertThat(emoji.get("name").asString()).isEqualTo("party_parrot");
        assertThat(emoji.get("roles")).isEmpty();
        assertThat(emoji.get("user").get("id").asString())
                .isEqualTo(guild.owner().asString());
        assertThat(emoji.get("require_colons").asBoolean()).isTrue();
        assertThat(emoji.get("managed").asBoolean()).isFalse();
        assertThat(emoji.get("animated").asBoolean()).isFalse();
        assertThat(emoji.get("available").asBoolean()).isTrue();
        assertThat(count(
                        "SELECT count(*) FROM emojis WHERE guild_id = :id AND format = 'png'",
                        Snowflake.parse(guild.id())))
                .isEqualTo(1);

        JsonNode event = awaitEvent("GUILD_EMOJIS_UPDATE", guild.id());
        assertThat(event.get("audience")).isEqualTo(json("{\"guild_id\": \"" + guild.id() + "\"}"));
        assertThat(event.get("data").get("emojis")).hasSize(1);
        assertThat(event.get("data").get("emojis").get(0).get("id").asString()).isEqualTo(id);
        assertThat(event.get("data").get("emojis").get(0).has("user")).isFalse();

        HttpResponse<byte[]> served = cdn("/emojis/" + id + ".webp?size=48");
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.headers().firstValue("content-type")).hasValue("image/png");
        assertThat(served.body()).isEqualTo(image);
        assertThat(cdn("/emojis/" + id + ".exe").statusCode()).isEqualTo(404);
        assertThat(cdn("/emojis/12345.png").statusCode()).isEqualTo(404);

        assertThat(get(guild.owner(), guild.emojis()).body()).hasSize(1);
        JsonNode inGuild = get(guild.owner(), "/guilds/" + guild.id()).body().get("emojis");
        assertThat(inGuild)
                .as("the guild object carries its emoji, without the uploader")
                .hasSize(1);
        assertThat(inGuild.get(0).get("id").asString()).isEqualTo(id);
        assertThat(inGuild.get(0).has("user")).isFalse();
        assertThat(get(guild.owner(), guild.emoji(id)).body()).isEqualTo(emoji);
    }

    @Test
    void anEmojiWhoseImageIsLostIsNotFoundAtItsAddress() throws Exception {
        Guild guild = newGuild();
        String id = as(guild.owner(), HttpMethod.POST, guild.emojis(), body("lost", dataUri("png", png(8, 8))))
                .body()
                .get("id")
                .asString();

        Files.delete(Path.of(environment.getRequiredProperty("concord.emoji.directory"), "emoji-" + id));

        assertThat(cdn("/emojis/" + id + ".png").statusCode()).isEqualTo(404);
    }

    @Test
    void animationIsToldFromTheImageAndLargeStillImagesAreScaled() throws Exception {
        Guild guild = newGuild();

        JsonNode moving = as(
                        guild.owner(), HttpMethod.POST, guild.emojis(), body("dance", dataUri("png", gif(32, 32, 2))))
                .body();
        JsonNode still = as(guild.owner(), HttpMethod.POST, guild.emojis(), body("big", dataUri("png", png(400, 200))))
                .body();

        assertThat(moving.get("animated").asBoolean())
                .as("a GIF of two frames, whatever the URI claimed")
                .isTrue();
        assertThat(cdn("/emojis/" + moving.get("id").asString() + ".gif")
                        .headers()
                        .firstValue("content-type"))
                .hasValue("image/gif");
        assertThat(still.get("animated").asBoolean()).isFalse();
        byte[] scaled = cdn("/emojis/" + still.get("id").asString() + ".png").body();
        assertThat(EmojiImagesForTests.read(scaled).getWidth()).isEqualTo(128);
        assertThat(EmojiImagesForTests.read(scaled).getHeight()).isEqualTo(64);
    }

    @Test
    void badInputIsRefusedWithTheFieldNamedAndKeepsNothing() {
        Guild guild = newGuild();
        byte[] large = Arrays.copyOf(png(8, 8), EmojiImages.MAX_BYTES + 1);
        String tooLarge = dataUri("png", large);

        assertThat(errors(guild, body("a", dataUri("png", png(8, 8))))
                        .get("name")
                        .toString())
                .contains("BASE_TYPE_BAD_LENGTH");
        assertThat(errors(guild, body("no spaces", dataUri("png", png(8, 8))))
                        .get("name")
                        .toString())
                .contains("STRING_TYPE_REGEX");
        assertThat(errors(guild, "{\"name\": \"nameless\"}").get("image").toString())
                .contains("BASE_TYPE_REQUIRED");
        assertThat(errors(guild, body("text", "data:image/png;base64," + base64("not an image")))
                        .get("image")
                        .toString())
                .contains("IMAGE_INVALID");
        byte[] truncated = Arrays.copyOf(png(64, 64), 40);
        assertThat(errors(guild, body("cut", dataUri("png", truncated)))
                        .get("image")
                        .toString())
                .contains("IMAGE_INVALID");
        assertThat(errors(guild, body("huge", tooLarge)).get("image").toString())
                .contains("BINARY_TYPE_MAX_SIZE");
        assertThat(errors(
                                guild,
                                "{\"name\": \"ok_name\", \"image\": \"" + dataUri("png", png(8, 8))
                                        + "\", \"roles\": [\"x\"]}")
                        .has("roles"))
                .isTrue();

        assertThat(count("SELECT count(*) FROM emojis WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isZero();
        assertThat(eventsAbout("GUILD_EMOJIS_UPDATE", guild.id())).isEmpty();
    }

    @Test
    void creatingNeedsCreateExpressionsAndOthersEmojiNeedManage() {
        Guild guild = newGuild();
        // @everyone may create expressions by default, as on the platform: not in this guild.
        db.sql("UPDATE roles SET permissions = permissions & ~:create WHERE id = :guild")
                .bind("create", CREATE)
                .bind("guild", Long.parseLong(guild.id()))
                .then()
                .block();
        Snowflake plain = newUser("plain");
        Snowflake creator = newUser("creator");
        Snowflake manager = newUser("manager");
        addMember(guild.id(), plain);
        addMember(guild.id(), creator, addRole(guild.id(), 1, CREATE));
        addMember(guild.id(), manager, addRole(guild.id(), 2, MANAGE));
        String image = dataUri("png", png(16, 16));

        assertThat(call(HttpMethod.POST, guild.emojis(), null, body("nope", image))
                        .status())
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, guild.emojis(), null, null).status()).isEqualTo(401);
        Response refused = as(plain, HttpMethod.POST, guild.emojis(), body("nope", image));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body()).isEqualTo(json("{\"message\": \"Missing Permissions\", \"code\": 50013}"));
        String owners = as(guild.owner(), HttpMethod.POST, guild.emojis(), body("owners", image))
                .body()
                .get("id")
                .asString();
        String creators = as(creator, HttpMethod.POST, guild.emojis(), body("creators", image))
                .body()
                .get("id")
                .asString();

        assertThat(get(plain, guild.emoji(owners)).body().has("user"))
                .as("the uploader is not for everyone")
                .isFalse();
        assertThat(get(creator, guild.emoji(owners)).body().has("user")).isTrue();
        assertThat(as(creator, HttpMethod.PATCH, guild.emoji(owners), "{\"name\": \"mine_now\"}")
                        .status())
                .isEqualTo(403);
        assertThat(as(creator, HttpMethod.PATCH, guild.emoji(creators), "{\"name\": \"renamed\"}")
                        .body()
                        .get("name")
                        .asString())
                .isEqualTo("renamed");
        assertThat(as(manager, HttpMethod.PATCH, guild.emoji(owners), "{\"name\": \"managed\"}")
                        .status())
                .isEqualTo(200);
        assertThat(as(creator, HttpMethod.DELETE, guild.emoji(owners), null).status())
                .isEqualTo(403);
        Response badName = as(manager, HttpMethod.PATCH, guild.emoji(owners), "{\"name\": \"x\"}");
        Response badRoles = as(manager, HttpMethod.PATCH, guild.emoji(owners), "{\"roles\": [\"nope\"]}");
        for (Response patch : List.of(badName, badRoles)) {
            assertThat(patch.status()).isEqualTo(400);
            assertThat(patch.body().get("code").asInt()).isEqualTo(50035);
        }
        assertThat(badName.body().get("errors").has("name")).isTrue();
        assertThat(badRoles.body().get("errors").has("roles")).isTrue();
        assertThat(get(guild.owner(), guild.emoji(owners)).body().get("name").asString())
                .as("a refused PATCH changes nothing")
                .isEqualTo("managed");
        assertThat(as(manager, HttpMethod.DELETE, guild.emoji(creators), null).status())
                .isEqualTo(204);

        assertThat(get(guild.owner(), guild.emoji(creators)).body())
                .isEqualTo(json("{\"message\": \"Unknown Emoji\", \"code\": 10014}"));
        assertThat(cdnStatus("/emojis/" + creators + ".png")).isEqualTo(404);
        List<JsonNode> updates = eventsAbout("GUILD_EMOJIS_UPDATE", guild.id());
        JsonNode last = updates.get(updates.size() - 1);
        assertThat(last.get("data").get("emojis")).hasSize(1);
        assertThat(last.get("data").get("emojis").get(0).get("name").asString()).isEqualTo("managed");
    }

    @Test
    void rolesLockAnEmojiAndSubscriptionRolesMakeItPremiumForGood() {
        Guild guild = newGuild();
        long plainRole = addRole(guild.id(), 1, 0);
        long subscriberRole = addRole(guild.id(), 2, 0);
        long integration = subscriberRole + 1;
        db.sql(
                        "INSERT INTO integrations (id, guild_id, type, name, account_id, account_name) VALUES (:id, :guild, 'guild_subscription', 'subs', 'a', 'a')")
                .bind("id", integration)
                .bind("guild", Long.parseLong(guild.id()))
                .then()
                .block();
        db.sql("UPDATE roles SET tags = :tags::jsonb WHERE id = :id")
                .bind("tags", "{\"integration_id\": \"" + integration + "\", \"subscription_listing_id\": \"1\"}")
                .bind("id", subscriberRole)
                .then()
                .block();
        String image = dataUri("png", png(16, 16));

        JsonNode locked = as(guild.owner(), HttpMethod.POST, guild.emojis(), withRoles("locked", image, plainRole))
                .body();
        JsonNode premium = as(
                        guild.owner(), HttpMethod.POST, guild.emojis(), withRoles("premium", image, subscriberRole))
                .body();
        Response mixed = as(
                guild.owner(), HttpMethod.POST, guild.emojis(), withRoles("mixed", image, plainRole, subscriberRole));

        assertThat(locked.get("roles").get(0).asString()).isEqualTo(Long.toString(plainRole));
        assertThat(count("SELECT count(*) FROM emojis WHERE guild_id = :id AND premium", Snowflake.parse(guild.id())))
                .isEqualTo(1);
        assertThat(mixed.body().get("code").asInt()).isEqualTo(50144);
        Response converted = as(
                guild.owner(), HttpMethod.PATCH, guild.emoji(premium.get("id").asString()), "{\"roles\": null}");
        assertThat(converted.status()).isEqualTo(400);
        assertThat(converted.body().get("code").asInt()).isEqualTo(50145);
        assertThat(as(
                                guild.owner(),
                                HttpMethod.PATCH,
                                guild.emoji(locked.get("id").asString()),
                                "{\"roles\": []}")
                        .body()
                        .get("roles"))
                .isEmpty();
        assertThat(as(guild.owner(), HttpMethod.POST, guild.emojis(), withRoles("ghost", image, 42))
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10011);
    }

    @Test
    void eachBucketHasItsLimit() {
        Guild guild = newGuild();
        db.sql("""
                        INSERT INTO emojis (id, guild_id, name, user_id, animated, format, created_at)
                        SELECT :base + n, :guild, 'e' || n, :user, false, 'png', now() FROM generate_series(1, 50) n""")
                .bind("base", Long.parseLong(guild.id()) + 1_000_000)
                .bind("guild", Long.parseLong(guild.id()))
                .bind("user", guild.owner().value())
                .then()
                .block();

        Response still =
                as(guild.owner(), HttpMethod.POST, guild.emojis(), body("one_more", dataUri("png", png(8, 8))));
        Response moving =
                as(guild.owner(), HttpMethod.POST, guild.emojis(), body("moving", dataUri("gif", gif(8, 8, 2))));

        assertThat(still.status()).isEqualTo(400);
        assertThat(still.body())
                .isEqualTo(json("{\"message\": \"Maximum number of emojis reached (50)\", \"code\": 30008}"));
        assertThat(moving.status())
                .as("animated emoji have a bucket of their own")
                .isEqualTo(201);
        db.sql("UPDATE guilds SET premium_tier = 1 WHERE id = :id")
                .bind("id", Long.parseLong(guild.id()))
                .then()
                .block();
        assertThat(as(guild.owner(), HttpMethod.POST, guild.emojis(), body("tier_one", dataUri("png", png(8, 8))))
                        .status())
                .as("tier 1: 100")
                .isEqualTo(201);
    }

    private Guild newGuild() {
        Snowflake owner = newUser("owner");
        return new Guild(
                createGuild(owner, "{\"name\": \"Emoji\"}").body().get("id").asString(), owner);
    }

    private JsonNode errors(Guild guild, String body) {
        Response refused = as(guild.owner(), HttpMethod.POST, guild.emojis(), body);
        assertThat(refused.status()).as(String.valueOf(refused.body())).isEqualTo(400);
        assertThat(refused.body().get("code").asInt()).isEqualTo(50035);
        return refused.body().get("errors");
    }

    private static String body(String name, String image) {
        return "{\"name\": \"" + name + "\", \"image\": \"" + image + "\"}";
    }

    private static String withRoles(String name, String image, long... roles) {
        StringBuilder ids = new StringBuilder();
        for (long role : roles) {
            ids.append(ids.isEmpty() ? "" : ", ").append('"').append(role).append('"');
        }
        return "{\"name\": \"" + name + "\", \"image\": \"" + image + "\", \"roles\": [" + ids + "]}";
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private HttpResponse<byte[]> cdn(String path) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
    }

    private int cdnStatus(String path) {
        try {
            return cdn(path).statusCode();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
