package dev.concord.platform.guilds;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.test.StepVerifier;

/** An op 4 lost with its connection is sent again, once; an answer, even a refusal, never is. */
class GuildVoiceTest {

    private static final Snowflake USER = Snowflake.of(80351110224678912L);
    private static final Snowflake GUILD = Snowflake.of(41771983423143937L);
    private static final Snowflake CHANNEL = Snowflake.of(41771983423143938L);

    private final AtomicInteger requests = new AtomicInteger();
    private DisposableServer server = HttpServer.create().bindNow();

    @AfterEach
    void stop() {
        server.disposeNow();
    }

    /** guild-service closing the connection without an answer to the first {@code dropped} requests. */
    private GuildVoice voiceDropping(int dropped, int status) {
        server.disposeNow();
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .handle((request, response) -> request.receive().then(Mono.defer(() -> {
                    if (requests.incrementAndGet() <= dropped) {
                        response.withConnection(
                                connection -> connection.channel().close());
                        return Mono.never();
                    }
                    return response.status(status)
                            .header("Content-Type", "application/json")
                            .sendString(Mono.just(
                                    status == 204 ? "" : "{\"code\": 50013, \"message\": \"Missing Permissions\"}"))
                            .then();
                })))
                .bindNow();
        WebClient client =
                WebClient.builder().baseUrl("http://127.0.0.1:" + server.port()).build();
        return new GuildVoice(new GuildServiceClient(client, "secret", Duration.ofSeconds(5)));
    }

    @Test
    void anOpFourWhoseConnectionClosedBeforeAnyAnswerIsSentOnceMore() {
        GuildVoice voice = voiceDropping(1, 204);

        StepVerifier.create(voice.update(USER, "session", GUILD, CHANNEL, false, false, false))
                .verifyComplete();
        assertThat(requests).hasValue(2);

        StepVerifier.create(voice.sessionEnded(USER, "session")).verifyComplete();
        assertThat(requests).hasValue(3);
    }

    @Test
    void onlyOnceMore() {
        GuildVoice voice = voiceDropping(2, 204);

        StepVerifier.create(voice.update(USER, "session", GUILD, null, false, false, false))
                .expectError()
                .verify(Duration.ofSeconds(10));
        assertThat(requests).hasValue(2);
    }

    @Test
    void aRefusalIsAnAnswerAndIsNotSentAgain() {
        GuildVoice voice = voiceDropping(0, 403);

        StepVerifier.create(voice.update(USER, "session", GUILD, CHANNEL, false, false, false))
                .expectError(ApiException.class)
                .verify(Duration.ofSeconds(10));
        assertThat(requests).hasValue(1);
    }
}
