package dev.concord.platform.auth;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The revoked tokens this service knows of, held in memory so checking costs no I/O. Filled and kept
 * current by {@link RedisRevocations}.
 */
public final class RevocationList {

    private final Set<Long> revokedTokenIds = ConcurrentHashMap.newKeySet();
    private final Map<Snowflake, Long> validAfterMillis = new ConcurrentHashMap<>();

    public boolean isRevoked(Principal principal) {
        if (revokedTokenIds.contains(principal.tokenId())) {
            return true;
        }
        Long validAfter = validAfterMillis.get(principal.userId());
        return validAfter != null && principal.issuedAt().toEpochMilli() < validAfter;
    }

    void revokeToken(long tokenId) {
        revokedTokenIds.add(tokenId);
    }

    /** Every token of {@code userId} issued before {@code instant} becomes invalid (password change). */
    void revokeIssuedBefore(Snowflake userId, Instant instant) {
        validAfterMillis.merge(userId, instant.toEpochMilli(), Math::max);
    }
}
