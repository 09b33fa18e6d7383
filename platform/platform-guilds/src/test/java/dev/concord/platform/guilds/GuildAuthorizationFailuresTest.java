package dev.concord.platform.guilds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.test.StepVerifier;

/** Errors come back as the platform's, are never cached, time out, and do not disturb other callers. */
class GuildAuthorizationFailuresTest extends GuildAuthorizationFixture {

    @Test
    void unknownGuildsAndChannelsComeBackAsThePlatformsErrors() {
        Snowflake nowhere = Snowflake.of(5);
        assertApiError(authorization.permissions(nowhere, MEMBER), HttpStatus.NOT_FOUND, 10004, "Unknown Guild");
        assertApiError(authorization.members(nowhere), HttpStatus.NOT_FOUND, 10004, "Unknown Guild");
        assertApiError(authorization.isMember(nowhere, MEMBER), HttpStatus.NOT_FOUND, 10004, "Unknown Guild");
        assertApiError(
                authorization.permissions(GUILD, Snowflake.of(6), MEMBER),
                HttpStatus.NOT_FOUND,
                10003,
                "Unknown Channel");
        assertApiError(
                authorization.has(GUILD, Snowflake.of(6), MEMBER, Permission.SEND_MESSAGES),
                HttpStatus.NOT_FOUND,
                10003,
                "Unknown Channel");
        // Errors are not answers: each was asked for again.
        assertThat(server.requestCount()).isEqualTo(5);
    }

    @Test
    void failuresAreNotCached() {
        server.failNext(2);
        assertApiError(
                authorization.permissions(GUILD, MEMBER),
                HttpStatus.INTERNAL_SERVER_ERROR,
                0,
                "500: Internal Server Error");
        assertApiError(authorization.members(GUILD), HttpStatus.INTERNAL_SERVER_ERROR, 0, "500: Internal Server Error");

        assertThat(authorization.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(authorization.members(GUILD).block()).containsExactly(OWNER, MEMBER);
        assertThat(server.requestCount()).isEqualTo(4);
    }

    @Test
    void aFailedBatchFailsTheCallAndIsAskedAgain() {
        List<Snowflake> users = LongStream.range(0, 1500)
                .mapToObj(i -> Snowflake.of(90351110224678912L + i))
                .toList();
        server.failNext(1);
        assertThatThrownBy(() -> authorization.permissions(GUILD, null, users).block())
                .isInstanceOf(ApiException.class);

        assertThat(authorization.permissions(GUILD, null, users).block()).isEmpty();
        // Both batches went out at once and one failed: only that one is asked for again.
        List<Integer> sizes = server.requests().stream()
                .map(request -> request.userIds().size())
                .sorted()
                .toList();
        assertThat(sizes).isIn(List.of(500, 500, 1000), List.of(500, 1000, 1000));
        assertThat(authorization.permissions(GUILD, null, users).block()).isEmpty();
        assertThat(server.requestCount()).isEqualTo(3);
    }

    @Test
    void everyRequestCarriesTheSecret() {
        authorization.permissions(GUILD, MEMBER).block();
        authorization.permissions(GUILD, null, List.of(OWNER, STRANGER)).block();
        authorization.members(GUILD).block();
        authorization
                .permissionsForOverwrites(GUILD, Json.mapper().readTree("[]"), List.of(MEMBER))
                .block();
        assertThat(server.requests()).hasSize(4).allSatisfy(request -> assertThat(request.authorization())
                .isEqualTo("Internal " + SECRET));

        assertApiError(
                client("wrong", Duration.ofSeconds(2)).permissions(GUILD, MEMBER),
                HttpStatus.UNAUTHORIZED,
                0,
                "401: Unauthorized");
    }

    @Test
    void identicalLookupsAtOnceShareOneRequest() {
        server.delay(Duration.ofMillis(300));
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
        server.delay(Duration.ofMillis(200));
        authorization.permissions(GUILD, MEMBER).subscribe().dispose();
        assertThat(authorization.permissions(GUILD, MEMBER).block(Duration.ofSeconds(5)))
                .isEqualTo(MEMBER_PERMISSIONS);
        assertThat(server.requestCount()).isEqualTo(1);
    }

    @Test
    void aSlowAnswerTimesOutAndIsAskedAgain() {
        GuildAuthorization impatient = client(SECRET, Duration.ofMillis(100));
        server.delay(Duration.ofSeconds(1));
        StepVerifier.create(impatient.permissions(GUILD, MEMBER))
                .expectError(TimeoutException.class)
                .verify(Duration.ofSeconds(5));

        server.delay(Duration.ZERO);
        assertThat(impatient.permissions(GUILD, MEMBER).block()).isEqualTo(MEMBER_PERMISSIONS);
        assertThat(server.requestCount()).isEqualTo(2);
    }

    @Test
    void anUnreachableServiceIsAnError() {
        DisposableServer closed = HttpServer.create().host("127.0.0.1").port(0).bindNow();
        String url = "http://127.0.0.1:" + closed.port();
        closed.disposeNow();
        GuildAuthorization unreachable = client(url, SECRET, Duration.ofSeconds(2));

        StepVerifier.create(unreachable.permissions(GUILD, MEMBER))
                .expectError(WebClientRequestException.class)
                .verify(Duration.ofSeconds(5));
        StepVerifier.create(unreachable.members(GUILD))
                .expectError(WebClientRequestException.class)
                .verify(Duration.ofSeconds(5));
    }
}
