package dev.concord.gateway.limits;

import dev.concord.gateway.protocol.Shard;
import dev.concord.platform.auth.Principal;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/** Whether an authenticated Identify may start a session; Resume is never counted. */
public interface IdentifyLimits {

    /** No limits, for tests that build connections by hand. */
    IdentifyLimits NONE = new IdentifyLimits() {
        @Override
        public Mono<Void> admit(Principal principal, @Nullable Shard shard, String clientAddress) {
            return Mono.empty();
        }

        @Override
        public Mono<Void> giveBack(Principal principal) {
            return Mono.empty();
        }
    };

    /**
     * Counts the Identify and completes empty when it may go on; errors with a 4008 {@code
     * ProtocolViolation} when a limit is spent. A bot's admitted Identify uses one of its session starts.
     */
    Mono<Void> admit(Principal principal, @Nullable Shard shard, String clientAddress);

    /** An admitted Identify started no session after all (the user could not be fetched): a bot's start is returned. */
    Mono<Void> giveBack(Principal principal);
}
