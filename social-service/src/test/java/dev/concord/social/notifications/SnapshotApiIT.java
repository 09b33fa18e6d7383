package dev.concord.social.notifications;

import static dev.concord.platform.events.EventTypes.USER_GUILD_SETTINGS_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.ErrorPaths;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** Notification settings snapshots: taken, listed, restored, deleted (by GET), and their limits. */
class SnapshotApiIT extends NotificationApiSupport {

    Response take(Snowflake user, String body) {
        return as(user, HttpMethod.POST, SNAPSHOTS, body);
    }

    /** The kept document and its stored length. */
    record Kept(JsonNode document, int length, int bytes) {}

    Kept kept(String snapshotId) {
        return db.sql(
                        "SELECT document, length, octet_length(document) AS bytes FROM notification_settings_snapshots WHERE id = :id")
                .bind("id", Long.parseLong(snapshotId))
                .map(r -> new Kept(
                        json(r.get("document", String.class)),
                        r.get("length", Integer.class),
                        r.get("bytes", Integer.class)))
                .one()
                .block(Duration.ofSeconds(5));
    }

    @Test
    void aSnapshotCopiesEveryGuildsSettingsButThePrivateChannels() {
        Snowflake user = newMember();
        JsonNode first = patchGuild(user, GUILD, "{\"muted\": true}").body();
        JsonNode second = patchGuild(
                        user, OTHER_GUILD, "{\"channel_overrides\": {\"%s\": {\"muted\": true}}}".formatted(CHANNEL))
                .body();
        patchGuild(user, "@me", "{\"muted\": true}");
        assertThat(as(user, HttpMethod.GET, SNAPSHOTS, null)).isEqualTo(new Response(200, json("[]")));

        Response response = take(user, "{\"label\": \"Before the Great Mute\"}");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).hasSize(1);
        JsonNode snapshot = response.body().get(0);
        assertThat(snapshot.get("label").asString()).isEqualTo("Before the Great Mute");
        assertThat(OffsetDateTime.parse(snapshot.get("recorded_at").asString()))
                .isAfter(OffsetDateTime.now().minusMinutes(1));
        Kept kept = kept(snapshot.get("id").asString());
        assertThat(kept.document())
                .isEqualTo(
                        json("{\"%s\": %s, \"%s\": %s}".formatted(GUILD, stored(first), OTHER_GUILD, stored(second))));
        assertThat(snapshot.get("length").asInt()).isEqualTo(kept.length()).isEqualTo(kept.bytes());
        assertThat(as(user, HttpMethod.GET, SNAPSHOTS, null)).isEqualTo(new Response(200, response.body()));
        assertThat(eventTypesSoFar(user)).hasSize(3);
    }

    @Test
    void theLabelIsOptionalAndAtMost100Characters() {
        Snowflake user = newMember();

        assertThat(take(user, null).body().get(0).get("label").isNull()).isTrue();
        assertThat(take(user, "{}").body().get(1).get("label").isNull()).isTrue();
        assertThat(take(user, "{\"label\": null}").status()).isEqualTo(200);
        assertThat(take(user, "{\"label\": \"%s\"}".formatted("l".repeat(100))).status())
                .isEqualTo(200);

        Response tooLong = take(user, "{\"label\": \"%s\"}".formatted("l".repeat(101)));
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(ErrorPaths.of(tooLong.body().get("errors")))
                .isEqualTo(java.util.Map.of("label", List.of("BASE_TYPE_BAD_LENGTH")));
        assertThat(take(user, "{\"label\": 5}").status()).isEqualTo(400);
        assertThat(rowCount("notification_settings_snapshots", user)).isEqualTo(4);
    }

    @Test
    void aUserKeepsAtMostFiveSnapshots() {
        Snowflake user = newMember();
        for (int i = 0; i < SnapshotService.MAX_SNAPSHOTS; i++) {
            assertThat(take(user, "{\"label\": \"" + i + "\"}").body()).hasSize(i + 1);
        }

        Response sixth = take(user, "{\"label\": \"one too many\"}");

        assertThat(sixth.status()).isEqualTo(400);
        assertThat(sixth.body().get("code").asInt()).isEqualTo(50035);
        assertThat(ErrorPaths.of(sixth.body().get("errors")))
                .isEqualTo(java.util.Map.of("", List.of("MAX_NOTIFICATION_SETTINGS_SNAPSHOTS")));
        assertThat(rowCount("notification_settings_snapshots", user)).isEqualTo(5);
    }

    @Test
    void restoringGivesEachCapturedGuildItsSettingsBackWithANewVersion() {
        Snowflake user = newMember();
        patchGuild(
                user,
                GUILD,
                "{\"muted\": true, \"channel_overrides\": {\"%s\": {\"collapsed\": true}}}".formatted(CHANNEL));
        JsonNode untouched =
                patchGuild(user, OTHER_GUILD, "{\"message_notifications\": 1}").body();
        String id = take(user, null).body().get(0).get("id").asString();
        patchGuild(
                user,
                GUILD,
                "{\"muted\": false, \"channel_overrides\": {\"%s\": {\"muted\": true}}}".formatted(OTHER_CHANNEL));
        patchGuild(user, "@me", "{\"muted\": true}");
        String later = "290926798626357999";
        join(user, later);
        patchGuild(user, later, "{\"muted\": true}");

        Response response = as(user, HttpMethod.POST, SNAPSHOTS + "/" + id + "/restore-guilds", null);

        JsonNode restored = GuildSettingsApiIT.with(defaults("\"" + GUILD + "\""), """
                {"muted": true, "version": 3, "channel_overrides": [{"channel_id": "%s", "collapsed": true, "flags": 0,
                 "message_notifications": 3, "muted": false, "mute_config": null}]}""".formatted(CHANNEL));
        assertThat(response)
                .isEqualTo(new Response(
                        200, json("{\"%s\": %s, \"%s\": %s}".formatted(GUILD, restored, OTHER_GUILD, untouched))));
        assertThat(row(user, GUILD)).isEqualTo(new Row(stored(restored), 3));
        assertThat(row(user, OTHER_GUILD).version()).isEqualTo(1);
        assertThat(row(user, 0).version()).isEqualTo(1);
        assertThat(row(user, later).version()).isEqualTo(1);
        List<JsonNode> sent = eventsSoFar(user);
        assertThat(sent).hasSize(6);
        assertThat(sent.get(5).get("type").asString()).isEqualTo(USER_GUILD_SETTINGS_UPDATE);
        assertThat(sent.get(5).get("data")).isEqualTo(restored);
    }

    @Test
    void getOfASnapshotDeletesItAndListsTheRest() {
        Snowflake user = newMember();
        take(user, "{\"label\": \"a\"}");
        JsonNode both = take(user, "{\"label\": \"b\"}").body();

        Response response =
                as(user, HttpMethod.GET, SNAPSHOTS + "/" + both.get(0).get("id").asString(), null);

        assertThat(response).isEqualTo(new Response(200, json("[" + both.get(1) + "]")));
        assertThat(rowCount("notification_settings_snapshots", user)).isEqualTo(1);
        assertThat(as(
                        user,
                        HttpMethod.GET,
                        SNAPSHOTS + "/" + both.get(0).get("id").asString(),
                        null))
                .isEqualTo(new Response(404, UNKNOWN_SNAPSHOT));
    }

    @Test
    void anotherUsersOrAMissingSnapshotIsA404AndABadIdIsNamed() {
        Snowflake owner = newMember();
        Snowflake other = newMember();
        patchGuild(owner, GUILD, "{\"muted\": true}");
        String id = take(owner, null).body().get(0).get("id").asString();

        assertThat(as(other, HttpMethod.POST, SNAPSHOTS + "/" + id + "/restore-guilds", null))
                .isEqualTo(new Response(404, UNKNOWN_SNAPSHOT));
        assertThat(as(other, HttpMethod.GET, SNAPSHOTS + "/" + id, null))
                .isEqualTo(new Response(404, UNKNOWN_SNAPSHOT));
        assertThat(as(owner, HttpMethod.POST, SNAPSHOTS + "/1/restore-guilds", null))
                .isEqualTo(new Response(404, UNKNOWN_SNAPSHOT));
        Response bad = as(owner, HttpMethod.GET, SNAPSHOTS + "/abc", null);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(ErrorPaths.of(bad.body().get("errors"))).containsOnlyKeys("snapshot_id");
        assertThat(rowCount("notification_settings_snapshots", owner)).isEqualTo(1);
        assertThat(rowCount("user_guild_settings", other)).isZero();
        assertThat(eventsSoFar(other)).isEmpty();
    }

    @Test
    void onlyAPersonsOwnSessionMayCall() {
        Snowflake user = newMember();
        String id = take(user, null).body().get(0).get("id").asString();
        List<Object[]> routes = List.of(
                new Object[] {HttpMethod.GET, SNAPSHOTS},
                new Object[] {HttpMethod.POST, SNAPSHOTS},
                new Object[] {HttpMethod.POST, SNAPSHOTS + "/" + id + "/restore-guilds"},
                new Object[] {HttpMethod.GET, SNAPSHOTS + "/" + id});
        for (Object[] route : routes) {
            assertOnlyAPersonsOwnSession((HttpMethod) route[0], (String) route[1], user, null);
        }
        assertThat(rowCount("notification_settings_snapshots", user)).isEqualTo(1);
    }
}
