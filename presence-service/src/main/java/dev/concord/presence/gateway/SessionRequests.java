package dev.concord.presence.gateway;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** The bodies the gateway sends about its sessions (docs/internal-api.md). */
final class SessionRequests {

    private SessionRequests() {}

    /** A session starts: whose, the client's Identify properties and presence, and whether a bot's. */
    record Open(
            @Nullable Snowflake userId,
            @Nullable JsonNode properties,
            @Nullable JsonNode presence,
            @Nullable Boolean bot)
            implements Violations.Validatable {

        @Override
        public void validate(Violations v) {
            v.required("user_id", userId);
        }
    }

    /** Op 3 on a session: its new presence. */
    record Update(
            @Nullable Snowflake userId,
            @Nullable JsonNode presence,
            @Nullable Boolean bot) implements Violations.Validatable {

        @Override
        public void validate(Violations v) {
            v.required("user_id", userId);
            v.required("presence", presence);
        }
    }

    /** A session resumed on (moved to) the instance in the path. */
    // Named: a record of one component is otherwise read as that component itself (delegating), not as an object.
    record Claim(@JsonProperty("user_id") @Nullable Snowflake userId) implements Violations.Validatable {

        @Override
        public void validate(Violations v) {
            v.required("user_id", userId);
        }
    }

    /** A gateway instance still serves its sessions, for {@code ttl_ms} more. */
    record Lease(@Nullable Long ttlMs) implements Violations.Validatable {

        @Override
        public void validate(Violations v) {
            v.required("ttl_ms", ttlMs);
            v.range("ttl_ms", ttlMs, 1_000, 600_000);
        }
    }
}
