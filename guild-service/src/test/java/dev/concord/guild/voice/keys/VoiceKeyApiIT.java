package dev.concord.guild.voice.keys;

import static dev.concord.guild.voice.keys.VoiceKeysForTests.compressed;
import static dev.concord.guild.voice.keys.VoiceKeysForTests.dataUri;
import static dev.concord.guild.voice.keys.VoiceKeysForTests.keyPair;
import static dev.concord.guild.voice.keys.VoiceKeysForTests.selfSignature;
import static dev.concord.guild.voice.keys.VoiceKeysForTests.tampered;
import static dev.concord.guild.voice.keys.VoiceKeysForTests.uncompressed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.TokenVerifier;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Voice keys through HTTP: self-signed for the uploader's login, kept ten per person, matched by anyone. */
class VoiceKeyApiIT extends GuildApiSupport {

    private static final String KEYS = "/voice/public-keys";

    @Autowired
    TokenVerifier verifier;

    /** A person signed in: their token and the static_client_session_id READY gives that login. */
    record Login(Snowflake user, String token, String session) {}

    @Test
    void aKeySelfSignedForTheLoginIsKeptAndMatchesWhicheverWayItIsWritten() {
        Login alice = login("alice");
        Snowflake bob = newUser("bob");
        KeyPair pair = keyPair();
        byte[] key = uncompressed(pair);

        Response uploaded = upload(alice, body(1, dataUri(key), dataUri(selfSignature(pair, alice.session(), key))));

        assertThat(uploaded.status()).as("%s", uploaded.body()).isEqualTo(204);
        assertThat(storedKeys(alice.user())).containsExactly(Base64.getEncoder().encodeToString(key));
        assertThat(match(bob, alice.user(), dataUri(key))).isTrue();
        assertThat(match(
                        bob,
                        alice.user(),
                        Base64.getUrlEncoder().withoutPadding().encodeToString(key)))
                .as("bare URL-safe base64 without padding")
                .isTrue();
        assertThat(match(bob, alice.user(), dataUri(compressed(pair))))
                .as("the same key compressed")
                .isTrue();
        assertThat(match(bob, alice.user(), dataUri(uncompressed(keyPair())))).isFalse();
        assertThat(match(bob, bob, dataUri(key)))
                .as("someone who uploaded nothing")
                .isFalse();
        assertThat(match(bob, Snowflake.of(1), dataUri(key))).as("no one").isFalse();
        Response byBot = call(
                HttpMethod.POST,
                matchPath(alice.user()),
                botToken(newUser("bot")),
                "{\"key_version\": 1, \"public_key\": \"" + dataUri(key) + "\"}");
        assertThat(byBot.status()).isEqualTo(200);
        assertThat(byBot.body().get("is_match").asBoolean()).isTrue();
    }

    @Test
    void aCompressedKeySignedAsSentIsKeptUncompressed() {
        Login alice = login("alice");
        KeyPair pair = keyPair();
        byte[] sent = compressed(pair);

        Response uploaded = upload(alice, body(1, dataUri(sent), dataUri(selfSignature(pair, alice.session(), sent))));

        assertThat(uploaded.status()).as("%s", uploaded.body()).isEqualTo(204);
        assertThat(storedKeys(alice.user())).containsExactly(Base64.getEncoder().encodeToString(uncompressed(pair)));
    }

    @Test
    void aSignatureOfAnotherLoginOrTamperedWithIsRefusedAndNothingKept() {
        Login alice = login("alice");
        String otherSession = session(userToken(alice.user()));
        Login mallory = login("mallory");
        KeyPair pair = keyPair();
        byte[] key = uncompressed(pair);
        byte[] signature = selfSignature(pair, alice.session(), key);

        JsonNode otherLogin =
                errors(upload(alice, body(1, dataUri(key), dataUri(selfSignature(pair, otherSession, key)))));
        JsonNode tamperedWith = errors(upload(alice, body(1, dataUri(key), dataUri(tampered(signature)))));
        JsonNode replayed = errors(upload(mallory, body(1, dataUri(key), dataUri(signature))));

        for (JsonNode errors : List.of(otherLogin, tamperedWith, replayed)) {
            assertThat(errors.get("signature").get("_errors").get(0).get("code").asString())
                    .isEqualTo("SIGNATURE_INVALID");
            assertThat(errors.has("public_key")).isFalse();
        }
        assertThat(storedKeys(alice.user())).isEmpty();
        assertThat(storedKeys(mallory.user()))
                .as("another's key and signature replayed")
                .isEmpty();
    }

    @Test
    void badFieldsAreNamedTheWayThePlatformNamesThemAndNothingIsKept() {
        Login alice = login("alice");
        KeyPair pair = keyPair();
        byte[] key = uncompressed(pair);
        String signature = dataUri(selfSignature(pair, alice.session(), key));

        Response wrongVersion = upload(alice, body(2, dataUri(key), signature));
        assertThat(wrongVersion.status()).isEqualTo(400);
        assertThat(wrongVersion.body()).isEqualTo(json("""
                        {"code": 50035, "message": "Invalid Form Body", "errors": {"key_version": {"_errors": [
                            {"code": "BASE_TYPE_CHOICES", "message": "Value must be one of {1}."}]}}}"""));
        assertThat(codeOf(upload(alice, "{}"), "key_version")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(codeOf(upload(alice, "{}"), "public_key")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(codeOf(upload(alice, "{}"), "signature")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(codeOf(upload(alice, body(1, "data:application/octet-stream;base64,@@@@", signature)), "public_key"))
                .isEqualTo("CDN_DATA_INVALID");
        assertThat(codeOf(upload(alice, body(1, dataUri(tampered(key)), signature)), "public_key"))
                .as("a point off the curve")
                .isEqualTo("PUBLIC_KEY_INVALID");
        assertThat(codeOf(upload(alice, body(1, dataUri(new byte[65]), signature)), "public_key"))
                .isEqualTo("PUBLIC_KEY_INVALID");
        assertThat(codeOf(upload(alice, body(1, dataUri(key), dataUri(new byte[64]))), "signature"))
                .as("raw r || s, not DER")
                .isEqualTo("SIGNATURE_INVALID");
        assertThat(codeOf(upload(alice, body(1, dataUri(key), "not base64!")), "signature"))
                .isEqualTo("CDN_DATA_INVALID");
        assertThat(storedKeys(alice.user())).isEmpty();

        Snowflake bob = newUser("bob");
        Response badMatch = as(
                bob,
                HttpMethod.POST,
                matchPath(alice.user()),
                "{\"key_version\": 1, \"public_key\": \"" + dataUri(tampered(key)) + "\"}");
        assertThat(codeOf(badMatch, "public_key")).isEqualTo("PUBLIC_KEY_INVALID");
        assertThat(codeOf(as(bob, HttpMethod.POST, matchPath(alice.user()), "{\"public_key\": \"x\"}"), "key_version"))
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(codeOf(
                        as(
                                bob,
                                HttpMethod.POST,
                                matchPath(alice.user()),
                                "{\"key_version\": 0, \"public_key\": \"" + dataUri(key) + "\"}"),
                        "key_version"))
                .isEqualTo("BASE_TYPE_CHOICES");
    }

    @Test
    void aPersonKeepsTheirTenMostRecentKeysAndAKeyUploadedAgainIsRecent() {
        Login alice = login("alice");
        Snowflake bob = newUser("bob");
        List<KeyPair> pairs = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            pairs.add(keyPair());
        }

        for (int i = 0; i < 10; i++) {
            assertThat(uploadSigned(alice, pairs.get(i)).status()).isEqualTo(204);
        }
        assertThat(uploadSigned(alice, pairs.get(0)).status()).as("again").isEqualTo(204);
        assertThat(storedKeys(alice.user())).hasSize(10);
        assertThat(uploadSigned(alice, pairs.get(10)).status()).isEqualTo(204);

        assertThat(storedKeys(alice.user())).hasSize(VoiceKeyService.KEPT_PER_USER);
        assertThat(match(bob, alice.user(), dataUri(uncompressed(pairs.get(0)))))
                .as("uploaded again, so recent")
                .isTrue();
        assertThat(match(bob, alice.user(), dataUri(uncompressed(pairs.get(1)))))
                .as("the least recent, forgotten")
                .isFalse();
        assertThat(match(bob, alice.user(), dataUri(uncompressed(pairs.get(10)))))
                .isTrue();
    }

    @Test
    void onlyAPersonSignedInUploadsAndOnlyPeopleAndBotsMatch() {
        Snowflake alice = newUser("alice");
        KeyPair pair = keyPair();
        byte[] key = uncompressed(pair);
        String body = body(1, dataUri(key), dataUri(selfSignature(pair, "any", key)));
        String matchBody = "{\"key_version\": 1, \"public_key\": \"" + dataUri(key) + "\"}";

        assertThat(call(HttpMethod.PUT, KEYS, null, body).status()).isEqualTo(401);
        assertThat(call(HttpMethod.POST, matchPath(alice), null, matchBody).status())
                .isEqualTo(401);
        Response bot = call(HttpMethod.PUT, KEYS, botToken(newUser("bot")), body);
        assertThat(bot.status()).isEqualTo(403);
        assertThat(bot.body().get("code").asInt()).isEqualTo(20001);
        assertThat(call(HttpMethod.PUT, KEYS, oauthToken(alice), body).status()).isEqualTo(403);
        assertThat(call(HttpMethod.POST, matchPath(alice), oauthToken(alice), matchBody)
                        .status())
                .isEqualTo(403);
        assertThat(storedKeys(alice)).isEmpty();
    }

    private Login login(String name) {
        Snowflake user = newUser(name);
        String token = userToken(user);
        return new Login(user, token, session(token));
    }

    private String session(String token) {
        return verifier.authenticate(token).orElseThrow().staticClientSessionId();
    }

    private Response upload(Login login, String body) {
        return call(HttpMethod.PUT, KEYS, login.token(), body);
    }

    private Response uploadSigned(Login login, KeyPair pair) {
        byte[] key = uncompressed(pair);
        return upload(login, body(1, dataUri(key), dataUri(selfSignature(pair, login.session(), key))));
    }

    private boolean match(Snowflake caller, Snowflake owner, String publicKey) {
        Response answer = as(
                caller,
                HttpMethod.POST,
                matchPath(owner),
                "{\"key_version\": 1, \"public_key\": \"" + publicKey + "\"}");
        assertThat(answer.status()).as("%s", answer.body()).isEqualTo(200);
        JsonNode body = Objects.requireNonNull(answer.body());
        assertThat(body.size()).isEqualTo(1);
        return body.get("is_match").asBoolean();
    }

    private static String matchPath(Snowflake user) {
        return "/voice/" + user.asString() + "/match-public-key";
    }

    private static String body(int keyVersion, String publicKey, String signature) {
        return "{\"key_version\": " + keyVersion + ", \"public_key\": \"" + publicKey + "\", \"signature\": \""
                + signature + "\"}";
    }

    private static JsonNode errors(Response response) {
        assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
        JsonNode body = Objects.requireNonNull(response.body());
        assertThat(body.get("code").asInt()).isEqualTo(50035);
        return body.get("errors");
    }

    private static String codeOf(Response response, String field) {
        JsonNode errors = errors(response);
        assertThat(errors.has(field)).as("%s names %s", errors, field).isTrue();
        return errors.get(field).get("_errors").get(0).get("code").asString();
    }

    /** The person's kept keys, base64. */
    private List<String> storedKeys(Snowflake user) {
        return db.sql("SELECT encode(public_key, 'base64') AS key FROM voice_public_keys WHERE user_id = :user")
                .bind("user", user.value())
                .map(row -> Objects.requireNonNull(row.get("key", String.class)).replace("\n", ""))
                .all()
                .collectList()
                .block(Duration.ofSeconds(5));
    }
}
