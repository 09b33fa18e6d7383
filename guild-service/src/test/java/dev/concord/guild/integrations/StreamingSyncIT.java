package dev.concord.guild.integrations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.service.BatchedSweep;
import dev.concord.platform.test.ApiCalls.Response;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Syncing streaming integrations with the HTTP provider, against a stub of a provider's API on loopback:
 * subscribers get the role, lapsed ones keep it for the grace period then lose it or are kicked, and a
 * provider that fails or is silent is a 502 that changes nothing.
 */
class StreamingSyncIT extends IntegrationApiSupport {

    private static final StreamingStub PROVIDER = new StreamingStub();

    @Autowired
    @Qualifier("streamingIntegrationSyncs")
    BatchedSweep syncSweep;

    @DynamicPropertySource
    static void provider(DynamicPropertyRegistry registry) {
        registry.add("concord.integrations.streaming.provider", () -> "http");
        registry.add("concord.integrations.streaming.http.base-url", PROVIDER::baseUrl);
        registry.add("concord.integrations.streaming.http.token", () -> StreamingStub.TOKEN);
        registry.add("concord.integrations.streaming.http.timeout", () -> "PT1S");
    }

    @AfterEach
    void answerAgain() {
        PROVIDER.mode = StreamingStub.Mode.ANSWER;
    }

    @AfterAll
    static void stop() {
        PROVIDER.close();
    }

    @Test
    void subscribersGetTheRoleAndLapsedOnesLoseItAfterTheGracePeriod() {
        Snowflake owner = newUser("owner");
        Snowflake fan = newUser("fan");
        Snowflake lapsing = newUser("lapsing");
        Snowflake bystander = newUser("bystander");
        String guildId = guildOf(owner);
        addMember(guildId, fan);
        addMember(guildId, lapsing);
        addMember(guildId, bystander);
        PROVIDER.accounts.put(
                "twitch/1001",
                new StreamingStub.Account("streamer", 5, List.of(fan.asString(), lapsing.asString(), "42")));
        assertThat(link(owner, guildId, "twitch", "1001").status()).isEqualTo(204);
        JsonNode integration = integrationOf(owner, guildId, "1001");
        long roleId = Long.parseLong(integration.get("role_id").asString());
        String sync =
                "/guilds/" + guildId + "/integrations/" + integration.get("id").asString() + "/sync";

        Response synced = as(owner, HttpMethod.POST, sync, null);

        assertThat(synced.status()).as("%s", synced.body()).isEqualTo(204);
        assertThat(hasRole(guildId, fan, roleId)).isTrue();
        assertThat(hasRole(guildId, lapsing, roleId)).isTrue();
        assertThat(hasRole(guildId, bystander, roleId)).isFalse();
        JsonNode memberUpdate = awaitEvent(e -> e.path("type").asString().equals("GUILD_MEMBER_UPDATE")
                && e.at("/data/user/id").asString().equals(fan.asString()));
        assertThat(memberUpdate.at("/data/roles/0").asString()).isEqualTo(Long.toString(roleId));
        JsonNode updated = awaitEvent("INTEGRATION_UPDATE", guildId).get("data");
        assertThat(updated.get("subscriber_count").asInt()).isEqualTo(5);
        assertThat(updated.get("synced_at").asString()).isNotEmpty();
        assertThat(integrationOf(owner, guildId, "1001").get("subscriber_count").asInt())
                .isEqualTo(5);
        assertThat(PROVIDER.requests).allMatch(request -> request.endsWith("Bearer " + StreamingStub.TOKEN));

        PROVIDER.accounts.put("twitch/1001", new StreamingStub.Account("streamer", 4, List.of(fan.asString())));
        as(owner, HttpMethod.POST, sync, null);
        assertThat(hasRole(guildId, lapsing, roleId))
                .as("within the grace period")
                .isTrue();
        assertThat(lapsedDaysAgo(lapsing, 2)).as("the lapse was recorded").isEqualTo(1);

        assertThat(as(owner, HttpMethod.POST, sync, null).status()).isEqualTo(204);
        assertThat(hasRole(guildId, lapsing, roleId))
                .as("1 day of grace is over: REMOVE_ROLE")
                .isFalse();
        assertThat(hasRole(guildId, fan, roleId)).isTrue();
        assertThat(count("SELECT count(*) FROM integration_subscribers WHERE user_id = :id", lapsing))
                .isZero();

        assertThat(as(
                                owner,
                                HttpMethod.PATCH,
                                "/guilds/" + guildId + "/integrations/"
                                        + integration.get("id").asString(),
                                "{\"expire_behavior\": 1, \"expire_grace_period\": 3}")
                        .status())
                .isEqualTo(204);
        PROVIDER.accounts.put("twitch/1001", new StreamingStub.Account("streamer", 0, List.of()));
        as(owner, HttpMethod.POST, sync, null);
        assertThat(lapsedDaysAgo(fan, 2)).isEqualTo(1);
        as(owner, HttpMethod.POST, sync, null);
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", fan))
                .as("2 of 3 days: still a member")
                .isEqualTo(1);
        lapsedDaysAgo(fan, 2);
        as(owner, HttpMethod.POST, sync, null);
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", fan))
                .as("4 days: KICK")
                .isZero();
        assertThat(awaitEvent("GUILD_MEMBER_REMOVE", guildId)
                        .at("/data/user/id")
                        .asString())
                .isEqualTo(fan.asString());
    }

    @Test
    void anIntegrationSyncsOnItsOwnOnceDueAndItsLapsedSubscribersExpire() {
        Snowflake owner = newUser("owner");
        Snowflake lapsing = newUser("lapsing");
        String guildId = guildOf(owner);
        addMember(guildId, lapsing);
        PROVIDER.accounts.put("twitch/4004", new StreamingStub.Account("streamer", 1, List.of(lapsing.asString())));
        assertThat(link(owner, guildId, "twitch", "4004").status()).isEqualTo(204);
        JsonNode integration = integrationOf(owner, guildId, "4004");
        long id = Long.parseLong(integration.get("id").asString());
        long roleId = Long.parseLong(integration.get("role_id").asString());
        assertThat(as(owner, HttpMethod.POST, "/guilds/" + guildId + "/integrations/" + id + "/sync", null)
                        .status())
                .isEqualTo(204);
        assertThat(hasRole(guildId, lapsing, roleId)).isTrue();
        PROVIDER.accounts.put("twitch/4004", new StreamingStub.Account("streamer", 0, List.of()));

        syncSweep.sweep().block(Duration.ofSeconds(30));
        assertThat(lapsedDaysAgo(lapsing, 0)).as("synced a moment ago: not due").isZero();

        execute("UPDATE integrations SET synced_at = synced_at - interval '2 hours' WHERE id = " + id);
        syncSweep.sweep().block(Duration.ofSeconds(30));
        assertThat(lapsedDaysAgo(lapsing, 2))
                .as("due: the sweep synced it and the lapse began")
                .isEqualTo(1);
        assertThat(awaitEvent(e -> e.path("type").asString().equals("INTEGRATION_UPDATE")
                                && e.at("/data/id").asString().equals(Long.toString(id))
                                && e.at("/data/subscriber_count").asInt() == 0)
                        .at("/data/guild_id")
                        .asString())
                .isEqualTo(guildId);

        syncSweep.sweep().block(Duration.ofSeconds(30));
        assertThat(hasRole(guildId, lapsing, roleId))
                .as("the next sync is an hour away")
                .isTrue();
        execute("UPDATE integrations SET next_sync_at = now() - interval '1 second' WHERE id = " + id);
        syncSweep.sweep().block(Duration.ofSeconds(30));
        assertThat(hasRole(guildId, lapsing, roleId))
                .as("2 days after the lapse, 1 day of grace: REMOVE_ROLE, no manager involved")
                .isFalse();
    }

    private void execute(String sql) {
        db.sql(sql).fetch().rowsUpdated().block(Duration.ofSeconds(5));
    }

    @Test
    void anAccountTheProviderNoLongerHasIsRevoked() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        PROVIDER.accounts.put("youtube/UCgone", new StreamingStub.Account("Gone Soon", 12, List.of()));
        link(owner, guildId, "youtube", "UCgone");
        String id = integrationOf(owner, guildId, "UCgone").get("id").asString();
        PROVIDER.accounts.remove("youtube/UCgone");

        assertThat(as(owner, HttpMethod.POST, "/guilds/" + guildId + "/integrations/" + id + "/sync", null)
                        .status())
                .isEqualTo(204);

        JsonNode integration = integrationOf(owner, guildId, "UCgone");
        assertThat(integration.get("revoked").asBoolean()).isTrue();
        assertThat(integration.get("subscriber_count").asInt()).isZero();
        assertField(link(owner, guildId, "youtube", "UCnever"), "id", "INTEGRATION_ACCOUNT_UNKNOWN");
    }

    @Test
    void syncRefusesApplicationsStrangersAndUnknownIntegrations() {
        Snowflake owner = newUser("owner");
        Snowflake member = newUser("member");
        String guildId = guildOf(owner);
        addMember(guildId, member);
        Bot bot = newBot();
        addBot(guildId, owner, bot, List.of("bot"));
        String application = integrations(owner, guildId).get(0).get("id").asString();
        PROVIDER.accounts.put("twitch/2002", new StreamingStub.Account("other", 1, List.of()));
        link(owner, guildId, "twitch", "2002");
        String stream = integrationOf(owner, guildId, "2002").get("id").asString();
        String base = "/guilds/" + guildId + "/integrations/";

        assertCode(as(owner, HttpMethod.POST, base + application + "/sync", null), 400, 0);
        assertCode(as(member, HttpMethod.POST, base + stream + "/sync", null), 403, 50013);
        assertCode(as(owner, HttpMethod.POST, base + "1/sync", null), 404, 10005);
        assertCode(as(owner, HttpMethod.POST, "/guilds/1/integrations/" + stream + "/sync", null), 404, 10004);
        assertThat(call(HttpMethod.POST, base + stream + "/sync", null, null).status())
                .isEqualTo(401);
        assertThat(integrationOf(owner, guildId, "2002").has("synced_at")).isFalse();
    }

    @Test
    void aSubscriberJoinsTheIntegrationsGuildWithItsRole() {
        Snowflake owner = newUser("owner");
        Snowflake viewer = newUser("viewer");
        Snowflake stranger = newUser("stranger");
        String guildId = guildOf(owner);
        PROVIDER.accounts.put("twitch/5005", new StreamingStub.Account("joinable", 7, List.of(viewer.asString())));
        link(owner, guildId, "twitch", "5005");
        JsonNode integration = integrationOf(owner, guildId, "5005");
        String join = "/integrations/" + integration.get("id").asString() + "/join";

        assertCode(as(stranger, HttpMethod.POST, join, null), 403, 50001);
        assertCode(as(viewer, HttpMethod.POST, "/integrations/1/join", null), 404, 10005);
        assertThat(call(HttpMethod.POST, join, null, null).status()).isEqualTo(401);
        Response joined = as(viewer, HttpMethod.POST, join, null);

        assertThat(joined.status()).as("%s", joined.body()).isEqualTo(204);
        JsonNode guildCreate = awaitEvent(e -> isEventFor(e, "GUILD_CREATE", viewer));
        assertThat(guildCreate.at("/data/id").asString()).isEqualTo(guildId);
        assertThat(awaitEvent("GUILD_MEMBER_ADD", guildId).at("/data/user/id").asString())
                .isEqualTo(viewer.asString());
        assertThat(hasRole(
                        guildId,
                        viewer,
                        Long.parseLong(integration.get("role_id").asString())))
                .isTrue();
        assertThat(count("SELECT count(*) FROM members WHERE user_id = :id", stranger))
                .isZero();
        assertThat(count("SELECT count(*) FROM integration_subscribers WHERE user_id = :id", viewer))
                .isEqualTo(1);

        Bot bot = newBot();
        addBot(guildId, owner, bot, List.of("bot"));
        assertCode(
                as(
                        viewer,
                        HttpMethod.POST,
                        "/integrations/"
                                + integrationOf(
                                                owner,
                                                guildId,
                                                bot.application().asString())
                                        .get("id")
                                        .asString() + "/join",
                        null),
                400,
                0);
    }

    @Test
    void aFailingOrSilentProviderIsA502ThatChangesNothing() {
        Snowflake owner = newUser("owner");
        String guildId = guildOf(owner);
        PROVIDER.accounts.put("twitch/3003", new StreamingStub.Account("flaky", 2, List.of()));
        link(owner, guildId, "twitch", "3003");
        String sync = "/guilds/" + guildId + "/integrations/"
                + integrationOf(owner, guildId, "3003").get("id").asString() + "/sync";
        PROVIDER.accounts.put("twitch/3004", new StreamingStub.Account("unreached", 2, List.of()));

        for (StreamingStub.Mode mode : List.of(StreamingStub.Mode.FAIL, StreamingStub.Mode.HANG)) {
            PROVIDER.mode = mode;
            long started = System.nanoTime();
            for (Response answer :
                    List.of(as(owner, HttpMethod.POST, sync, null), link(owner, guildId, "twitch", "3004"))) {
                assertThat(answer.status()).as("%s", mode).isEqualTo(502);
                assertThat(answer.body())
                        .isEqualTo(json("{\"message\": \"502: Streaming provider unavailable\", \"code\": 0}"));
            }
            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .as("%s: bounded by the 1 s timeout", mode)
                    .isLessThan(Duration.ofSeconds(10));
        }
        PROVIDER.mode = StreamingStub.Mode.ANSWER;
        assertThat(integrations(owner, guildId)).hasSize(1);
        assertThat(integrationOf(owner, guildId, "3003").has("synced_at")).isFalse();
    }

    private boolean hasRole(String guildId, Snowflake user, long roleId) {
        return Boolean.TRUE.equals(db.sql(
                        "SELECT role_ids @> ARRAY[:role]::bigint[] AS has FROM members WHERE guild_id = :guild AND user_id = :user")
                .bind("role", roleId)
                .bind("guild", Long.parseLong(guildId))
                .bind("user", user.value())
                .map(row -> row.get("has", Boolean.class))
                .one()
                .block(Duration.ofSeconds(5)));
    }

    /** Moves the member's recorded lapse {@code days} further into the past, as time passing would; how many rows moved. */
    private long lapsedDaysAgo(Snowflake user, int days) {
        return db.sql("UPDATE integration_subscribers SET lapsed_at = lapsed_at - make_interval(days => :days)"
                        + " WHERE user_id = :user AND lapsed_at IS NOT NULL")
                .bind("days", days)
                .bind("user", user.value())
                .fetch()
                .rowsUpdated()
                .block(Duration.ofSeconds(5));
    }
}
