package dev.concord.guild;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.guild.emojis.EmojiImagesForTests;
import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.guild.voice.keys.VoiceKeysForTests;
import dev.concord.platform.auth.AuthSettings;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import dev.concord.platform.test.hostile.HostileInputSuite;
import dev.concord.platform.test.hostile.StoredState;
import dev.concord.platform.web.RouteCatalog;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.json.JsonMapper;

/** Every guild-service route, as its route catalog lists them, called with hostile input (see {@link HostileInputSuite}). */
class HostileInputIT extends GuildApiSupport {

    @Autowired
    RouteCatalog routes;

    @Autowired
    JsonMapper mapper;

    @Autowired
    AuthSettings auth;

    @Test
    void everyRouteRefusesHostileInputCleanly() {
        Snowflake owner = newUser("owner");
        Snowflake member = newUser("member");
        Snowflake stranger = newUser("stranger");
        String guild = idOf(createGuild(owner, "{\"name\": \"Hostile\"}"));
        addMember(guild, member);
        String channel = idOf(
                call(HttpMethod.POST, "/guilds/" + guild + "/channels", userToken(owner), "{\"name\": \"hostile\"}"));
        String role =
                idOf(call(HttpMethod.POST, "/guilds/" + guild + "/roles", userToken(owner), "{\"name\": \"hostile\"}"));
        String thread = idOf(call(
                HttpMethod.POST,
                "/internal/channels/" + channel + "/threads",
                InternalCredential.header(TestTokenKeys.internalSecret()),
                "{\"user_id\": \"" + owner.asString() + "\", \"name\": \"hostile\", \"type\": 11}"));
        String emojiBody = "{\"name\": \"hostile\", \"image\": \""
                + EmojiImagesForTests.dataUri("png", EmojiImagesForTests.png(16, 16)) + "\"}";
        String emoji = idOf(call(HttpMethod.POST, "/guilds/" + guild + "/emojis", userToken(owner), emojiBody));
        String eventBody =
                "{\"name\": \"hostile\", \"privacy_level\": 2, \"entity_type\": 3, \"scheduled_start_time\": \""
                        + Instant.now().plus(Duration.ofDays(1)) + "\", \"scheduled_end_time\": \""
                        + Instant.now().plus(Duration.ofDays(2)) + "\", \"entity_metadata\": {\"location\": \"here\"}}";
        String event =
                idOf(call(HttpMethod.POST, "/guilds/" + guild + "/scheduled-events", userToken(owner), eventBody));
        Snowflake application = newUser("application");
        publish(
                "identity.events",
                application.asString(),
                "APPLICATION_CREATE",
                Map.of("user_ids", List.of()),
                Map.of("id", application.asString(), "owner", Map.of("id", owner.asString())));
        await().atMost(Duration.ofSeconds(15))
                .until(() -> count("SELECT count(*) FROM application_owners WHERE id = :id", application) == 1);
        // A real key and its DER self-signature; the suite signs in with tokens of its own, whose logins this
        // signature is not for, so an upload of it is refused at the signature (and keeps nothing).
        KeyPair voiceKey = VoiceKeysForTests.keyPair();
        byte[] publicKey = VoiceKeysForTests.uncompressed(voiceKey);
        String voiceKeyBody = "{\"key_version\": 1, \"public_key\": \"" + VoiceKeysForTests.dataUri(publicKey)
                + "\", \"signature\": \""
                + VoiceKeysForTests.dataUri(VoiceKeysForTests.selfSignature(voiceKey, "another-login", publicKey))
                + "\"}";
        String voiceKeyMatchBody =
                "{\"key_version\": 1, \"public_key\": \"" + VoiceKeysForTests.dataUri(publicKey) + "\"}";
        String ruleBody = "{\"name\": \"hostile\", \"event_type\": 1, \"trigger_type\": 1,"
                + " \"trigger_metadata\": {\"keyword_filter\": [\"hostile\"]}, \"actions\": [{\"type\": 1}]}";
        String rule =
                idOf(call(HttpMethod.POST, "/guilds/" + guild + "/auto-moderation/rules", userToken(owner), ruleBody));
        String integrationBody = "{\"type\": \"twitch\", \"id\": \"48183251\"}";
        assertThat(call(HttpMethod.POST, "/guilds/" + guild + "/integrations", userToken(owner), integrationBody)
                        .status())
                .isEqualTo(204);
        String integration = Objects.requireNonNull(
                        call(HttpMethod.GET, "/guilds/" + guild + "/integrations", userToken(owner), null)
                                .body())
                .get(0)
                .get("id")
                .asString();
        // A group DM of the owner's, with an application added: the channel integration routes' own fixtures.
        String groupDm = idOf(call(HttpMethod.POST, "/users/@me/channels", userToken(owner), "{\"recipients\": []}"));
        String groupDmIntegrationBody = "{\"user_id\": \"" + owner.asString()
                + "\", \"scopes\": [\"applications.commands\"], \"application\": {\"id\": \"" + application.asString()
                + "\", \"name\": \"hostile\", \"icon\": null, \"description\": \"\"}}";
        assertThat(call(
                                HttpMethod.POST,
                                "/internal/channels/" + groupDm + "/integrations",
                                InternalCredential.header(TestTokenKeys.internalSecret()),
                                groupDmIntegrationBody)
                        .status())
                .isLessThan(300);
        String groupDmIntegration = Objects.requireNonNull(
                        call(HttpMethod.GET, "/channels/" + groupDm + "/integrations", userToken(owner), null)
                                .body())
                .get(0)
                .get("id")
                .asString();
        StoredState storedState = StoredState.of(db);
        String before = storedState.get();
        Response invite = call(HttpMethod.POST, "/channels/" + channel + "/invites", userToken(owner), "{}");
        assertThat(invite.status()).as("invite %s", invite.body()).isEqualTo(200);
        String code = Objects.requireNonNull(invite.body()).get("code").asString();
        assertThat(storedState.get()).as("the fingerprint sees a new row").isNotEqualTo(before);

        HostileInputSuite.of("guild-service", routes, port, mapper)
                .callers(tokens, owner, stranger)
                .internalAuthorization(InternalCredential.header(TestTokenKeys.internalSecret()))
                .publicPaths(auth.publicPaths())
                .pathValue("guild_id", guild)
                .pathValue("channel_id", channel)
                .pathValue("role_id", role)
                .pathValue("user_id", member.asString())
                .pathValue("overwrite_id", member.asString())
                .pathValue("code", code)
                .pathValue("thread_id", thread)
                .pathValue("emoji_id", emoji)
                .pathValue("application_id", application.asString())
                .pathValue("file", emoji + ".png")
                .pathValue("guild_scheduled_event_id", event)
                .pathValue("entity_id", guild)
                .pathValue("category_id", "16")
                .pathValue("rule_id", rule)
                .pathValue("integration_id", integration)
                .pathValue("stream_key", "guild:" + guild + ":" + channel + ":" + owner.asString())
                .pathValue("gif", "sparkles")
                .pathValue("media_file", "tinygif.gif")
                .pathValue("GET /channels/{channel_id}/integrations", "channel_id", groupDm)
                .pathValue("DELETE /channels/{channel_id}/integrations/{integration_id}", "channel_id", groupDm)
                .pathValue(
                        "DELETE /channels/{channel_id}/integrations/{integration_id}",
                        "integration_id",
                        groupDmIntegration)
                .validBody("POST /guilds", "{\"name\": \"Hostile\"}")
                .validBody("POST /users/@me/channels", "{\"recipient_id\": \"" + member.asString() + "\"}")
                .validBody("POST /guilds/{guild_id}/channels", "{\"name\": \"hostile\"}")
                .validBody(
                        "PUT /channels/{channel_id}/permissions/{overwrite_id}",
                        "{\"type\": 1, \"allow\": \"0\", \"deny\": \"0\"}")
                .validBody("PATCH /guilds/{guild_id}/roles", "[{\"id\": \"" + role + "\", \"position\": 1}]")
                .validBody(
                        "POST /internal/guilds/{guild_id}/permissions",
                        "{\"user_ids\": [\"" + member.asString() + "\"]}")
                .validBody(
                        "POST /internal/channels/{channel_id}/threads",
                        "{\"user_id\": \"" + owner.asString() + "\", \"name\": \"hostile\", \"type\": 11}")
                .validBody("POST /internal/threads/{thread_id}/messages", "{\"message_id\": \"1\"}")
                .validBody("POST /internal/threads/{thread_id}/messages/deleted", "{\"message_ids\": [\"1\"]}")
                .validBody("POST /guilds/{guild_id}/emojis", emojiBody)
                .validBody("POST /applications/{application_id}/emojis", emojiBody)
                .validBody("POST /guilds/{guild_id}/scheduled-events", eventBody)
                .validBody("POST /channels/{channel_id}/directory-entry/{entity_id}", "{\"primary_category_id\": 1}")
                .validBody("PUT /voice/public-keys", voiceKeyBody)
                .validBody("POST /guilds/{guild_id}/auto-moderation/rules", ruleBody)
                .validBody(
                        "POST /guilds/{guild_id}/auto-moderation/rules/validate",
                        "{\"trigger_metadata\": {\"keyword_filter\": [\"hostile\"]}}")
                .validBody("PATCH /guilds/{guild_id}/auto-moderation/rules/{rule_id}", "{\"name\": \"hostile\"}")
                .validBody(
                        "PUT /guilds/{guild_id}/incident-actions",
                        "{\"invites_disabled_until\": null, \"dms_disabled_until\": null}")
                .validBody(
                        "POST /guilds/{guild_id}/auto-moderation/alert-action",
                        "{\"channel_id\": \"" + channel + "\", \"message_id\": \"1\", \"alert_action_type\": 1}")
                .validBody(
                        "POST /guilds/{guild_id}/auto-moderation/false-alarm",
                        "{\"alert_message_id\": \"1\", \"reason\": \"OTHER\"}")
                .validBody("POST /voice/{user_id}/match-public-key", voiceKeyMatchBody)
                .validBody("POST /guilds/{guild_id}/integrations", integrationBody)
                .validBody(
                        "PATCH /guilds/{guild_id}/integrations/{integration_id}",
                        "{\"expire_behavior\": 0, \"expire_grace_period\": 1, \"enable_emoticons\": false}")
                .validBody("POST /internal/channels/{channel_id}/integrations", groupDmIntegrationBody)
                .validBody("POST /gifs/select", "{\"id\": \"sparkles\", \"q\": \"sparkles\"}")
                .publicRoute("GET /invites/{code}", "the platform shows an invite's preview to anyone holding its code")
                .publicRoute("GET /emojis/{file}", "the CDN serves an emoji's image to anyone holding its address")
                .publicRoute(
                        "GET /streams/{stream_key}/previews/{file}",
                        "the CDN serves a stream's preview to anyone holding its unguessable address")
                .publicRoute(
                        "GET /gifs/media/{gif}/{media_file}",
                        "the offline GIF catalogue's media are CDN files, served to anyone holding their address")
                .othersMay("POST /invites/{code}", "accepting an invite is what another person does with it")
                .othersMay(
                        "GET /emojis/{emoji_id}/source",
                        "anyone who sees an emoji may ask where it comes from; the guild is shown only when discoverable")
                .othersMay(
                        "POST /voice/{user_id}/match-public-key",
                        "anyone in a call checks a participant's key against the ones that participant uploaded")
                .readsOnly(
                        "POST /voice/{user_id}/match-public-key",
                        "a question with a body: it changes nothing, and a user who uploaded no key (or no user)"
                                + " has no match")
                .storedState(storedState)
                .run()
                .assertNoFailures();
    }

    private static String idOf(Response response) {
        assertThat(response.status()).as("%s", response.body()).isBetween(200, 201);
        return Objects.requireNonNull(response.body()).get("id").asString();
    }
}
