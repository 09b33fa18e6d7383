package dev.concord.platform.guilds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.test.StepVerifier;
import tools.jackson.databind.JsonNode;

class GuildAuthorizationTest {

    static final Snowflake GUILD = Snowflake.of(613425648685547541L);
    static final Snowflake OTHER_GUILD = Snowflake.of(613425648685547542L);
    static final Snowflake CHANNEL = Snowflake.of(613425648685547600L);
    static final Snowflake OWNER = Snowflake.of(80351110224678912L);
    static final Snowflake MEMBER = Snowflake.of(80351110224678913L);
    static final Snowflake STRANGER = Snowflake.of(80351110224678999L);

    static final long MEMBER_PERMISSIONS = Permission.bits(Permission.VIEW_CHANNEL, Permission.SEND_MESSAGES, Permission.MANAGE_MESSAGES);
    /** The channel takes MANAGE_MESSAGES away. */
    static final long CHANNEL_MASK = ~Permission.MANAGE_MESSAGES.bit();
    static final Duration TTL = Duration.ofSeconds(5);

    final FakeGuildService server = new FakeGuildService();
    final FakeGuildService.Guild guild = server.add(GUILD.value(), OWNER.value(), CHANNEL.value(), CHANNEL_MASK);
    final FakeGuildService.Guild otherGuild = server.add(OTHER_GUILD.value(), OWNER.value(), 1, -1);
    final AtomicLong nanos = new AtomicLong();
    final GuildAuthorization authorization = client(FakeGuildService.SECRET, Duration.ofSeconds(2));

    {
        guild.members.put(OWNER.value(), Permission.ALL);
        guild.members.put(MEMBER.value(), MEMBER_PERMISSIONS);
        otherGuild.members.put(MEMBER.value(), MEMBER_PERMISSIONS);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    GuildAuthorization client(String secret, Duration timeout) {
        return client(server.baseUrl(), secret, timeout);
    }

    GuildAuthorization client(String baseUrl, String secret, Duration timeout) {
        return new GuildAuthorization(WebClient.builder().baseUrl(baseUrl).build(), secret, TTL, 100_000, timeout, nanos::get);
    }

    @Test
    void aMembersPermissionsAndNothingForAStranger() {
        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(authorization.permissions(GUILD, OWNER).block()).isEqualTo(Permission.ALL);
        StepVerifier.create(authorization.permissions(GUILD, STRANGER)).verifyComplete();

        FakeGuildService.Request sent = server.requests.get(0);
        assertThat(sent.method()).isEqualTo("POST");
        assertThat(sent.path()).isEqualTo("/internal/guilds/" + GUILD.asString() + "/permissions");
        assertThat(sent.userIds()).containsExactly(MEMBER.asString());
        assertThat(sent.body().has("channel_id")).isFalse();
    }

    @Test
    void answersAreCachedStrangersIncluded() {
        authorization.permissions(GUILD, MEMBER).block();
        authorization.permissions(GUILD, STRANGER).block();
        assertThat(server.requestCount()).isEqualTo(2);

        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        StepVerifier.create(authorization.permissions(GUILD, STRANGER)).verifyComplete();
        assertThat(authorization.isMember(GUILD, MEMBER).block()).isTrue();
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void permissionsInAChannelAreCachedApartFromTheGuilds() {
        assertThat(authorization.permissions(GUILD, CHANNEL, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS & CHANNEL_MASK);
        assertThat(server.requests.get(0).body().path("channel_id").asString()).isEqualTo(CHANNEL.asString());
        StepVerifier.create(authorization.permissions(GUILD, CHANNEL, STRANGER)).verifyComplete();

        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(authorization.permissions(GUILD, CHANNEL, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS & CHANNEL_MASK);
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void manyUsersAskOnlyForThoseNotCached() {
        Snowflake second = Snowflake.of(80351110224678914L);
        Snowflake third = Snowflake.of(80351110224678915L);
        guild.members.put(second.value(), Permission.VIEW_CHANNEL.bit());
        guild.members.put(third.value(), 0L);
        authorization.permissions(GUILD, MEMBER).block();
        authorization.permissions(GUILD, OWNER).block();

        Map<Snowflake, Long> answers = authorization.permissions(GUILD, null, List.of(OWNER, MEMBER, second, third, STRANGER, second)).block();

        assertThat(answers).containsOnly(Map.entry(OWNER, Permission.ALL), Map.entry(MEMBER, MEMBER_PERMISSIONS),
                Map.entry(second, Permission.VIEW_CHANNEL.bit()), Map.entry(third, 0L));
        assertThat(server.requestCount()).isEqualTo(3);
        assertThat(server.requests.get(2).userIds()).containsExactly(second.asString(), third.asString(), STRANGER.asString());

        assertThat(authorization.permissions(GUILD, null, List.of(MEMBER, STRANGER, third)).block())
                .containsOnlyKeys(MEMBER, third);
        assertThat(server.requestCount()).isEqualTo(3);
        assertThat(authorization.permissions(GUILD, null, List.of()).block()).isEmpty();
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void moreThanAThousandUsersGoInBatchesOfAThousand() {
        List<Snowflake> users = new ArrayList<>();
        for (long i = 0; i < 2500; i++) {
            long id = 90351110224678912L + i;
            users.add(Snowflake.of(id));
            if (i % 2 == 0) {
                guild.members.put(id, i);
            }
        }

        Map<Snowflake, Long> answers = authorization.permissions(GUILD, CHANNEL, users).block();

        assertThat(answers).hasSize(1250);
        assertThat(answers.get(Snowflake.of(90351110224678912L + 1234))).isEqualTo(1234L & CHANNEL_MASK);
        assertThat(answers).doesNotContainKey(Snowflake.of(90351110224678912L + 1235));
        assertThat(server.requests).extracting(request -> request.userIds().size()).containsExactlyInAnyOrder(1000, 1000, 500);
        assertThat(server.requests.stream().flatMap(request -> request.userIds().stream()).distinct().count()).isEqualTo(2500);

        assertThat(authorization.permissions(GUILD, CHANNEL, users).block()).isEqualTo(answers);
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void hasNeedsEveryPermissionAndMembership() {
        assertThat(authorization.has(GUILD, null, MEMBER, Permission.VIEW_CHANNEL, Permission.MANAGE_MESSAGES).block()).isTrue();
        assertThat(authorization.has(GUILD, CHANNEL, MEMBER, Permission.VIEW_CHANNEL, Permission.MANAGE_MESSAGES).block()).isFalse();
        assertThat(authorization.has(GUILD, CHANNEL, MEMBER, Permission.SEND_MESSAGES).block()).isTrue();
        assertThat(authorization.has(GUILD, null, MEMBER, Permission.BAN_MEMBERS).block()).isFalse();
        assertThat(authorization.has(GUILD, null, OWNER, Permission.BAN_MEMBERS, Permission.ADMINISTRATOR).block()).isTrue();
        assertThat(authorization.has(GUILD, null, STRANGER).block()).isFalse();
        assertThat(authorization.has(GUILD, null, MEMBER).block()).isTrue();

        assertThat(authorization.isMember(GUILD, MEMBER).block()).isTrue();
        assertThat(authorization.isMember(GUILD, STRANGER).block()).isFalse();
        assertThat(authorization.isMember(OTHER_GUILD, OWNER).block()).isFalse();
    }

    @Test
    void membersArePagedThroughAndCached() {
        long first = 100351110224678912L;
        LongStream.range(0, 25_001).forEach(i -> guild.members.put(first + i * 3, 0L));

        Set<Snowflake> members = authorization.members(GUILD).block();

        assertThat(members).hasSize(25_003).contains(OWNER, MEMBER, Snowflake.of(first + 25_000 * 3));
        List<FakeGuildService.Request> pages = server.requestsTo("/members");
        assertThat(pages).hasSize(3);
        assertThat(pages).allSatisfy(page -> assertThat(page.query().get("limit")).containsExactly("10000"));
        assertThat(pages.get(0).query().get("after")).containsExactly("0");
        List<Long> sorted = guild.members.keySet().stream().toList();
        assertThat(pages.get(1).query().get("after")).containsExactly(Long.toString(sorted.get(9_999)));
        assertThat(pages.get(2).query().get("after")).containsExactly(Long.toString(sorted.get(19_999)));
        assertThat(List.copyOf(members)).extracting(Snowflake::value).isEqualTo(sorted);

        assertThat(authorization.members(GUILD).block()).isSameAs(members);
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void aSmallGuildIsOnePage() {
        assertThat(authorization.members(OTHER_GUILD).block()).containsExactly(MEMBER);
        assertThat(server.requestCount()).isEqualTo(1);
    }

    @Test
    void forgetDropsThatGuildsAnswersOnly() {
        authorization.permissions(GUILD, MEMBER).block();
        authorization.permissions(GUILD, CHANNEL, MEMBER).block();
        authorization.members(GUILD).block();
        authorization.permissions(OTHER_GUILD, MEMBER).block();
        guild.members.put(MEMBER.value(), Permission.VIEW_CHANNEL.bit());
        otherGuild.members.put(MEMBER.value(), Permission.VIEW_CHANNEL.bit());
        guild.members.put(STRANGER.value(), 0L);

        authorization.forget(GUILD);

        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(Permission.VIEW_CHANNEL.bit());
        assertThat(authorization.permissions(GUILD, CHANNEL, MEMBER).block()).isEqualTo(Permission.VIEW_CHANNEL.bit());
        assertThat(authorization.members(GUILD).block()).contains(STRANGER);
        assertThat(authorization.permissions(OTHER_GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(server.requestCount()).isEqualTo(7);
    }

    @Test
    void anEventForgetsItsAudiencesGuild() {
        eventForgets(event("CHANNEL_UPDATE", Audience.channel(GUILD, CHANNEL), "{\"id\":\"" + CHANNEL.asString() + "\"}"));
    }

    @Test
    void anEventForgetsTheGuildIdOfItsData() {
        eventForgets(event("GUILD_MEMBER_UPDATE", Audience.users(MEMBER), "{\"guild_id\":\"" + GUILD.asString() + "\"}"));
    }

    @Test
    void aGuildCreateOrDeleteForgetsTheGuildItIs() {
        eventForgets(event("GUILD_DELETE", Audience.users(MEMBER), "{\"id\":\"" + GUILD.asString() + "\",\"unavailable\":false}"));
    }

    @Test
    void anEventWithoutAGuildForgetsNothing() {
        authorization.permissions(GUILD, MEMBER).block();
        authorization.onEvent(event("SOMETHING", Audience.users(MEMBER), "{\"name\":\"x\"}")).block();
        authorization.permissions(GUILD, MEMBER).block();
        assertThat(server.requestCount()).isEqualTo(1);
    }

    private void eventForgets(EventEnvelope event) {
        authorization.permissions(GUILD, MEMBER).block();
        authorization.permissions(OTHER_GUILD, MEMBER).block();
        guild.members.put(MEMBER.value(), Permission.SPEAK.bit());
        otherGuild.members.put(MEMBER.value(), Permission.SPEAK.bit());

        StepVerifier.create(authorization.onEvent(event)).verifyComplete();

        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(Permission.SPEAK.bit());
        assertThat(authorization.permissions(OTHER_GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(server.requestCount()).isEqualTo(3);
    }

    private static EventEnvelope event(String type, Audience audience, String data) {
        JsonNode json = Json.mapper().readTree(data);
        return new EventEnvelope(Snowflake.of(1), type, OffsetDateTime.parse("2026-11-21T10:00:00Z"), "guild-service", audience, json);
    }

    @Test
    void answersExpireAfterTheTtl() {
        authorization.permissions(GUILD, MEMBER).block();
        authorization.members(GUILD).block();
        nanos.addAndGet(TTL.toNanos() - 1);
        authorization.permissions(GUILD, MEMBER).block();
        authorization.members(GUILD).block();
        assertThat(server.requestCount()).isEqualTo(2);

        nanos.addAndGet(2);
        guild.members.put(MEMBER.value(), 0L);
        assertThat(authorization.permissions(GUILD, MEMBER).block()).isZero();
        authorization.members(GUILD).block();
        assertThat(server.requestCount()).isEqualTo(4);
    }

    @Test
    void unknownGuildsAndChannelsComeBackAsThePlatformsErrors() {
        Snowflake nowhere = Snowflake.of(5);
        assertApiError(authorization.permissions(nowhere, MEMBER), HttpStatus.NOT_FOUND, 10004, "Unknown Guild");
        assertApiError(authorization.members(nowhere), HttpStatus.NOT_FOUND, 10004, "Unknown Guild");
        assertApiError(authorization.isMember(nowhere, MEMBER), HttpStatus.NOT_FOUND, 10004, "Unknown Guild");
        assertApiError(authorization.permissions(GUILD, Snowflake.of(6), MEMBER), HttpStatus.NOT_FOUND, 10003, "Unknown Channel");
        assertApiError(authorization.has(GUILD, Snowflake.of(6), MEMBER, Permission.SEND_MESSAGES),
                HttpStatus.NOT_FOUND, 10003, "Unknown Channel");
        // Errors are not answers: each was asked for again.
        assertThat(server.requestCount()).isEqualTo(5);
    }

    @Test
    void failuresAreNotCached() {
        server.failNext.set(2);
        assertApiError(authorization.permissions(GUILD, MEMBER), HttpStatus.INTERNAL_SERVER_ERROR, 0, "500: Internal Server Error");
        assertApiError(authorization.members(GUILD), HttpStatus.INTERNAL_SERVER_ERROR, 0, "500: Internal Server Error");

        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(authorization.members(GUILD).block()).containsExactly(OWNER, MEMBER);
        assertThat(server.requestCount()).isEqualTo(4);
    }

    @Test
    void aFailedBatchFailsTheCallAndIsAskedAgain() {
        List<Snowflake> users = LongStream.range(0, 1500).mapToObj(i -> Snowflake.of(90351110224678912L + i)).toList();
        server.failNext.set(1);
        assertThatThrownBy(() -> authorization.permissions(GUILD, null, users).block()).isInstanceOf(ApiException.class);

        assertThat(authorization.permissions(GUILD, null, users).block()).isEmpty();
        // Both batches went out at once and one failed: only that one is asked for again.
        List<Integer> sizes = server.requests.stream().map(request -> request.userIds().size()).sorted().toList();
        assertThat(sizes).isIn(List.of(500, 500, 1000), List.of(500, 1000, 1000));
        assertThat(authorization.permissions(GUILD, null, users).block()).isEmpty();
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void everyRequestCarriesTheSecret() {
        authorization.permissions(GUILD, MEMBER).block();
        authorization.permissions(GUILD, null, List.of(OWNER, STRANGER)).block();
        authorization.members(GUILD).block();
        authorization.permissionsForOverwrites(GUILD, Json.mapper().readTree("[]"), List.of(MEMBER)).block();
        assertThat(server.requests).hasSize(4)
                .allSatisfy(request -> assertThat(request.authorization()).isEqualTo("Internal " + FakeGuildService.SECRET));

        assertApiError(client("wrong", Duration.ofSeconds(2)).permissions(GUILD, MEMBER), HttpStatus.UNAUTHORIZED, 0, "401: Unauthorized");
    }

    @Test
    void identicalLookupsAtOnceShareOneRequest() {
        server.delay = Duration.ofMillis(300);
        Mono<Long> first = authorization.permissions(GUILD, MEMBER);
        Mono<Long> second = authorization.permissions(GUILD, MEMBER);
        Mono<Set<Snowflake>> members = authorization.members(GUILD);
        Mono<Set<Snowflake>> sameMembers = authorization.members(GUILD);

        StepVerifier.create(Mono.zip(first, second, members, sameMembers))
                .assertNext(answers -> {
                    assertThat(answers.getT1()).isEqualTo(MEMBER_PERMISSIONS);
                    assertThat(answers.getT2()).isEqualTo(MEMBER_PERMISSIONS);
                    assertThat(answers.getT3()).isSameAs(answers.getT4());
                })
                .verifyComplete();
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void aCallerGoingAwayLeavesTheAnswerForTheNext() {
        server.delay = Duration.ofMillis(200);
        authorization.permissions(GUILD, MEMBER).subscribe().dispose();
        assertThat(authorization.permissions(GUILD, MEMBER).block(Duration.ofSeconds(5))).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(server.requestCount()).isEqualTo(1);
    }

    @Test
    void aSlowAnswerTimesOutAndIsAskedAgain() {
        GuildAuthorization impatient = client(FakeGuildService.SECRET, Duration.ofMillis(100));
        server.delay = Duration.ofSeconds(1);
        StepVerifier.create(impatient.permissions(GUILD, MEMBER)).expectError(TimeoutException.class).verify(Duration.ofSeconds(5));

        server.delay = Duration.ZERO;
        assertThat(impatient.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void anUnreachableServiceIsAnError() {
        DisposableServer closed = HttpServer.create().host("127.0.0.1").port(0).bindNow();
        String url = "http://127.0.0.1:" + closed.port();
        closed.disposeNow();
        GuildAuthorization unreachable = client(url, FakeGuildService.SECRET, Duration.ofSeconds(2));

        StepVerifier.create(unreachable.permissions(GUILD, MEMBER)).expectError(WebClientRequestException.class).verify(Duration.ofSeconds(5));
        StepVerifier.create(unreachable.members(GUILD)).expectError(WebClientRequestException.class).verify(Duration.ofSeconds(5));
    }

    @Test
    void overwritesAreSentAndNeverCached() {
        Snowflake second = Snowflake.of(80351110224678914L);
        guild.members.put(second.value(), Permission.bits(Permission.VIEW_CHANNEL, Permission.SPEAK));
        JsonNode overwrites = Json.mapper().readTree("""
                [{"id":"%s","type":0,"allow":"0","deny":"%d"}]""".formatted(GUILD.asString(), Permission.VIEW_CHANNEL.bit()));

        Map<Snowflake, Long> answers = authorization.permissionsForOverwrites(GUILD, overwrites, List.of(MEMBER, second, STRANGER)).block();

        assertThat(answers).containsOnly(Map.entry(MEMBER, MEMBER_PERMISSIONS & ~Permission.VIEW_CHANNEL.bit()),
                Map.entry(second, Permission.SPEAK.bit()));
        JsonNode sent = server.requests.get(0).body();
        assertThat(sent.get("overwrites")).isEqualTo(overwrites);
        assertThat(sent.has("channel_id")).isFalse();

        authorization.permissionsForOverwrites(GUILD, overwrites, List.of(MEMBER)).block();
        assertThat(server.requestCount()).isEqualTo(2);
        // Nor do they fill the guild-level cache.
        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void overwritesForManyUsersGoInBatches() {
        List<Snowflake> users = new ArrayList<>(List.of(MEMBER));
        LongStream.range(0, 1200).forEach(i -> users.add(Snowflake.of(90351110224678912L + i)));
        Map<Snowflake, Long> answers = authorization.permissionsForOverwrites(GUILD, Json.mapper().readTree("[]"), users).block();
        assertThat(answers).containsOnly(Map.entry(MEMBER, MEMBER_PERMISSIONS));
        assertThat(server.requests).extracting(request -> request.userIds().size()).containsExactlyInAnyOrder(1000, 201);
    }

    private static void assertApiError(Mono<?> call, HttpStatus status, int code, String message) {
        StepVerifier.create(call)
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOf(ApiException.class);
                    ApiException api = (ApiException) error;
                    assertThat(api.status()).isEqualTo(status);
                    assertThat(api.code()).isEqualTo(code);
                    assertThat(api.getMessage()).isEqualTo(message);
                })
                .verify(Duration.ofSeconds(5));
    }
}
