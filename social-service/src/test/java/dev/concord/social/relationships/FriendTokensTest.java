package dev.concord.social.relationships;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class FriendTokensTest {

    static final Snowflake OWNER = Snowflake.of(80351110224678913L);
    static final Snowflake HOLDER = Snowflake.of(175928847299117063L);
    static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    final FriendTokens tokens = new FriendTokens("internal-secret", Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void aTokenHoldsForItsPairOnly() {
        String token = tokens.issue(OWNER, HOLDER);

        assertThat(tokens.isValid(token, OWNER, HOLDER)).isTrue();
        assertThat(tokens.isValid(token, HOLDER, OWNER)).isFalse();
        assertThat(tokens.isValid(token, OWNER, Snowflake.of(1))).isFalse();
    }

    @Test
    void aTokenExpiresAfterItsLifetime() {
        String token = tokens.issue(OWNER, HOLDER);
        Instant later = NOW.plus(FriendTokens.LIFETIME).plusSeconds(1);

        assertThat(new FriendTokens("internal-secret", Clock.fixed(later, ZoneOffset.UTC))
                        .isValid(token, OWNER, HOLDER))
                .isFalse();
    }

    @Test
    void anotherKeyTamperingAndGarbageAreRefused() {
        String token = tokens.issue(OWNER, HOLDER);
        String payload = token.substring(0, token.indexOf('.'));

        assertThat(new FriendTokens("another-secret", Clock.fixed(NOW, ZoneOffset.UTC)).isValid(token, OWNER, HOLDER))
                .isFalse();
        assertThat(tokens.isValid(payload + "." + "AAAA", OWNER, HOLDER)).isFalse();
        assertThat(tokens.isValid("not a token", OWNER, HOLDER)).isFalse();
        assertThat(tokens.isValid("%%%.%%%", OWNER, HOLDER)).isFalse();
        assertThat(tokens.isValid(null, OWNER, HOLDER)).isFalse();
    }

    @Test
    void withoutASecretNoTokenIsIssuedOrAccepted() {
        FriendTokens unconfigured = new FriendTokens("", Clock.fixed(NOW, ZoneOffset.UTC));

        assertThat(unconfigured.issue(OWNER, HOLDER)).isNull();
        assertThat(unconfigured.isValid(tokens.issue(OWNER, HOLDER), OWNER, HOLDER))
                .isFalse();
    }
}
