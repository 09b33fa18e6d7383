package dev.concord.social.notifications;

import static dev.concord.platform.events.EventTypes.USER_GUILD_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** PATCH of user guild settings, one guild, private channels and many guilds: body, rows and events. */
class GuildSettingsApiIT extends NotificationApiSupport {

    static ObjectNode with(JsonNode base, String changes) {
        ObjectNode merged = (ObjectNode) base.deepCopy();
        merged.setAll((ObjectNode) json(changes));
        return merged;
    }

    @Test
    void aFirstPatchStartsFromTheDefaultsAndIsVersionOne() {
        Snowflake user = newMember();

        Response response = patchGuild(user, GUILD, """
                {"muted": true, "mute_config": {"end_time": "2099-01-01T01:00:00+01:00", "selected_time_window": 3600},
                 "suppress_everyone": true, "suppress_roles": 1, "notify_highlights": 1, "flags": 4096, "message_notifications": 1,
                 "guild_id": "1", "version": 99, "unknown_field": 1}""");

        JsonNode expected = with(defaults("\"" + GUILD + "\""), """
                {"muted": true, "mute_config": {"end_time": "2099-01-01T00:00:00Z", "selected_time_window": 3600},
                 "suppress_everyone": true, "suppress_roles": true, "notify_highlights": 1, "flags": 4096,
                 "message_notifications": 1, "version": 1}""");
        assertThat(response).isEqualTo(new Response(200, expected));
        assertThat(row(user, GUILD)).isEqualTo(new Row(stored(expected), 1));
        JsonNode event = awaitEvent(USER_GUILD_SETTINGS_UPDATE, user, e -> true);
        assertThat(event.get("data")).isEqualTo(expected);
        assertThat(event.get("audience")).isEqualTo(json("{\"user_ids\": [\"" + user.asString() + "\"]}"));
    }

    @Test
    void laterPatchesKeepWhatTheyOmitAndMergeChannelOverridesChannelByChannel() {
        Snowflake user = newMember();
        patchGuild(user, GUILD, """
                {"hide_muted_channels": true, "channel_overrides": {"%s": {"muted": true, "collapsed": true, "flags": 2048}}}""".formatted(CHANNEL));

        Response response = patchGuild(user, GUILD, """
                {"mobile_push": false, "channel_overrides": {
                    "%s": {"muted": false, "mute_config": {"selected_time_window": -1, "end_time": null}},
                    "%s": {"message_notifications": 2, "channel_id": "%s"}}}""".formatted(CHANNEL, OTHER_CHANNEL, OTHER_CHANNEL));

        JsonNode expected = with(defaults("\"" + GUILD + "\""), """
                {"hide_muted_channels": true, "mobile_push": false, "version": 2, "channel_overrides": [
                    {"channel_id": "%s", "collapsed": true, "flags": 2048, "message_notifications": 3, "muted": false,
                     "mute_config": {"end_time": null, "selected_time_window": -1}},
                    {"channel_id": "%s", "collapsed": false, "flags": 0, "message_notifications": 2, "muted": false,
                     "mute_config": null}]}""".formatted(CHANNEL, OTHER_CHANNEL));
        assertThat(response).isEqualTo(new Response(200, expected));
        assertThat(row(user, GUILD)).isEqualTo(new Row(stored(expected), 2));
        List<JsonNode> sent = eventsSoFar(user);
        assertThat(sent).hasSize(2);
        assertThat(sent.get(1).get("data")).isEqualTo(expected);
    }

    @Test
    void aPatchThatChangesNothingKeepsTheVersionAndPublishesNothing() {
        Snowflake user = newMember();
        patchGuild(user, GUILD, "{\"muted\": true, \"mute_config\": null}");

        Response response =
                patchGuild(user, GUILD, "{\"muted\": true, \"suppress_roles\": false, \"channel_overrides\": {}}");

        assertThat(response.body().get("version").asLong()).isEqualTo(1);
        assertThat(row(user, GUILD).version()).isEqualTo(1);
        assertThat(patchGuild(user, OTHER_GUILD, "{\"mobile_push\": true}"))
                .isEqualTo(new Response(200, defaults("\"" + OTHER_GUILD + "\"")));
        assertThat(row(user, OTHER_GUILD)).isNull();
        assertThat(eventTypesSoFar(user)).containsExactly(USER_GUILD_SETTINGS_UPDATE);
    }

    @Test
    void atMeIsThePrivateChannelsSettingsWithANullGuildId() {
        Snowflake user = newMember();

        Response response =
                patchGuild(user, "@me", "{\"channel_overrides\": {\"%s\": {\"muted\": true}}}".formatted(CHANNEL));

        JsonNode expected = with(defaults("null"), """
                {"version": 1, "channel_overrides": [{"channel_id": "%s", "collapsed": false, "flags": 0,
                 "message_notifications": 3, "muted": true, "mute_config": null}]}""".formatted(CHANNEL));
        assertThat(response).isEqualTo(new Response(200, expected));
        assertThat(row(user, 0)).isEqualTo(new Row(stored(expected), 1));
        assertThat(awaitEvent(USER_GUILD_SETTINGS_UPDATE, user, e -> true).get("data"))
                .isEqualTo(expected);
    }

    @Test
    void theBulkPatchChangesEveryGuildInOneGoInTheOrderAsked() {
        Snowflake user = newMember();
        patchGuild(user, GUILD, "{\"muted\": true}");

        Response response = as(user, HttpMethod.PATCH, BULK, """
                {"guilds": {"%s": {"message_notifications": 0}, "%s": {"muted": true}}}""".formatted(OTHER_GUILD, GUILD));

        JsonNode other = with(defaults("\"" + OTHER_GUILD + "\""), "{\"message_notifications\": 0, \"version\": 1}");
        JsonNode unchanged = with(defaults("\"" + GUILD + "\""), "{\"muted\": true, \"version\": 1}");
        assertThat(response).isEqualTo(new Response(200, json("[%s, %s]".formatted(other, unchanged))));
        assertThat(row(user, OTHER_GUILD)).isEqualTo(new Row(stored(other), 1));
        assertThat(row(user, GUILD)).isEqualTo(new Row(stored(unchanged), 1));
        assertThat(eventsSoFar(user).stream().map(e -> e.get("data")).toList()).containsExactly(unchanged, other);
    }

    @Test
    void anEmptyBulkPatchChangesNothing() {
        Snowflake user = newMember();

        assertThat(as(user, HttpMethod.PATCH, BULK, "{\"guilds\": {}}")).isEqualTo(new Response(200, json("[]")));
        assertThat(rowCount("user_guild_settings", user)).isZero();
    }

    @Test
    void concurrentPatchesOfOneUserEachLandAndCountAVersion() {
        Snowflake user = newMember();
        List<String> channels = IntStream.rangeClosed(1, 6)
                .mapToObj(i -> Long.toString(5000 + i))
                .toList();

        List<CompletableFuture<Response>> calls = channels.stream()
                .map(channel -> CompletableFuture.supplyAsync(() ->
                        patchGuild(user, GUILD, "{\"channel_overrides\": {\"" + channel + "\": {\"muted\": true}}}")))
                .toList();
        calls.forEach(call -> assertThat(call.join().status()).isEqualTo(200));

        Row row = row(user, GUILD);
        assertThat(row.version()).isEqualTo(6);
        assertThat(row.settings().get("channel_overrides").valueStream().map(o -> o.get("channel_id")
                        .asString()))
                .containsExactlyElementsOf(channels);
        assertThat(eventsSoFar(user).stream().map(e -> e.at("/data/version").asLong()))
                .containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    }

    @Test
    void overridesUpToTheLimitAreKept() {
        Snowflake user = newMember();
        StringBuilder overrides = new StringBuilder();
        for (int i = 1; i <= MessageNotifications.MAX_CHANNEL_OVERRIDES; i++) {
            overrides.append(i == 1 ? "" : ",").append("\"").append(1000 + i).append("\": {\"muted\": true}");
        }

        Response response = patchGuild(user, GUILD, "{\"channel_overrides\": {" + overrides + "}}");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body().get("channel_overrides").size()).isEqualTo(500);
        assertThat(row(user, GUILD).settings().get("channel_overrides").size()).isEqualTo(500);
    }
}
