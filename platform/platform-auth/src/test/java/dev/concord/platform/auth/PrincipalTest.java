package dev.concord.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PrincipalTest {

    private static final Instant ISSUED = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void theStaticClientSessionIdIsAUuidFixedByTheUserAndTheToken() {
        Principal login = user(175928847299117063L, 1001);

        String id = login.staticClientSessionId();

        assertThat(UUID.fromString(id).toString()).isEqualTo(id);
        assertThat(user(175928847299117063L, 1001).staticClientSessionId())
                .as("every service derives the same id from the same token")
                .isEqualTo(id);
        assertThat(user(175928847299117063L, 1002).staticClientSessionId())
                .as("another login of the same person")
                .isNotEqualTo(id);
        assertThat(user(175928847299117064L, 1001).staticClientSessionId()).isNotEqualTo(id);
    }

    private static Principal user(long userId, long tokenId) {
        return new Principal(Snowflake.of(userId), TokenKind.USER, null, Set.of(), tokenId, ISSUED);
    }
}
