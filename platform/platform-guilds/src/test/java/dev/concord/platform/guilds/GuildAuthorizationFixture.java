package dev.concord.platform.guilds;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.GuildServiceFake;
import dev.concord.platform.test.TestTokenKeys;
import dev.concord.platform.web.ApiException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** A client against a fake guild-service holding two guilds, with a clock the test moves by hand. */
abstract class GuildAuthorizationFixture {

    static final Snowflake GUILD = Snowflake.of(613425648685547541L);
    static final Snowflake OTHER_GUILD = Snowflake.of(613425648685547542L);
    static final Snowflake CHANNEL = Snowflake.of(613425648685547600L);
    static final Snowflake OWNER = Snowflake.of(80351110224678912L);
    static final Snowflake MEMBER = Snowflake.of(80351110224678913L);
    static final Snowflake STRANGER = Snowflake.of(80351110224678999L);

    static final long MEMBER_PERMISSIONS =
            Permission.bits(Permission.VIEW_CHANNEL, Permission.SEND_MESSAGES, Permission.MANAGE_MESSAGES);
    /** The channel takes MANAGE_MESSAGES away. */
    static final long CHANNEL_MASK = ~Permission.MANAGE_MESSAGES.bit();

    static final Duration TTL = Duration.ofSeconds(5);

    static final String SECRET = TestTokenKeys.internalSecret();

    final GuildServiceFake server = GuildServiceFake.start();
    final GuildServiceFake.Guild guild = server.guild(GUILD.value(), OWNER.value())
            .member(MEMBER.value(), MEMBER_PERMISSIONS)
            .channel(CHANNEL.value(), CHANNEL_MASK);
    /** Its owner is not a member: the one guild of the two that MEMBER alone belongs to. */
    final GuildServiceFake.Guild otherGuild = server.guild(OTHER_GUILD.value(), OWNER.value())
            .remove(OWNER.value())
            .member(MEMBER.value(), MEMBER_PERMISSIONS);

    final AtomicLong nanos = new AtomicLong();
    final GuildAuthorization authorization = client(SECRET, Duration.ofSeconds(2));

    @AfterEach
    void stop() {
        server.close();
    }

    GuildAuthorization client(String secret, Duration timeout) {
        return client(server.url(), secret, timeout);
    }

    GuildAuthorization client(String baseUrl, String secret, Duration timeout) {
        return new GuildAuthorization(
                WebClient.builder().baseUrl(baseUrl).build(), secret, TTL, 100_000, timeout, nanos::get);
    }

    static void assertApiError(Mono<?> call, HttpStatus status, int code, String message) {
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
