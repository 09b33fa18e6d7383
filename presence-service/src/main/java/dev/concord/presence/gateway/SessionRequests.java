package dev.concord.presence.gateway;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** The bodies the gateway sends about its sessions (docs/internal-api.md). */
final class SessionRequests {

    private SessionRequests() {}

    /**
     * A session starts: whose, the client's Identify properties and presence, whether a bot's, and the
     * guilds whose presences its GUILD_CREATEs carry (those of its READY, when it holds GUILD_PRESENCES).
     */
    record Open(
            @Nullable Snowflake userId,
            @Nullable JsonNode properties,
            @Nullable JsonNode presence,
            @Nullable Boolean bot,
            @Nullable List<Snowflake> guildIds)
            implements Violations.Validatable {

        /** As many guilds as a shard of the largest bots holds. */
        static final int MAX_GUILDS = 10_000;

        @Override
        public void validate(Violations v) {
            v.required("user_id", userId);
            v.maxItems("guild_ids", guildIds, MAX_GUILDS);
        }
    }

    /**
     * Op 3s of the instance's sessions, at most {@link #MAX_UPDATES}, each applied on its own: the gateway
     * sends together those that come while its earlier ones are on their way.
     */
    record Updates(@Nullable List<Update> updates) implements Violations.Validatable {

        static final int MAX_UPDATES = 256;

        @Override
        public void validate(Violations v) {
            v.required("updates", updates);
            if (updates == null) {
                return;
            }
            if (updates.isEmpty()) {
                v.add("updates", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and " + MAX_UPDATES + " in length.");
            }
            v.maxItems("updates", updates, MAX_UPDATES);
            for (int i = 0; i < updates.size(); i++) {
                Update update = updates.get(i);
                Violations at = v.at("updates").at(i);
                if (update == null) {
                    at.add(null, "BASE_TYPE_REQUIRED", "This field is required");
                } else {
                    update.validate(at);
                }
            }
        }
    }

    /** Op 3 on a session: its new presence, read on its own ({@code presence} may be refused alone). */
    record Update(
            @Nullable String sessionId,
            @Nullable Snowflake userId,
            @Nullable JsonNode presence,
            @Nullable Boolean bot) {

        void validate(Violations v) {
            v.required("session_id", sessionId);
            if (sessionId != null && !GatewaySessionHandler.isPlain(sessionId)) {
                v.add("session_id", "BASE_TYPE_BAD_LENGTH", "Must be 1 to 64 letters, digits, _ or -.");
            }
            v.required("user_id", userId);
            v.required("presence", presence);
        }
    }

    /** A session resumed on (moved to) the instance in the path. */
    record Claim(@Nullable Snowflake userId) implements Violations.Validatable {

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
