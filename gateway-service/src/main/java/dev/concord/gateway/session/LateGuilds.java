package dev.concord.gateway.session;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;

import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.protocol.Shard;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;
import tools.jackson.databind.JsonNode;

/**
 * The guilds a READY went out without, because guild-service failed or was slow at Identify: asked for
 * again, with growing pauses, for as long as the session lives, and each then sent to the session as a
 * GUILD_CREATE, as for a guild it joins. Without them the client would know nothing of guilds whose events
 * it receives until it connected again.
 */
final class LateGuilds {

    /** The first pause, after READY; each later one about twice the last, up to {@link #LONGEST_PAUSE}. */
    static final Duration FIRST_PAUSE = Duration.ofSeconds(1);

    static final Duration LONGEST_PAUSE = Duration.ofSeconds(30);

    /** A failure is logged every this many attempts: a guild-service that stays down is loud enough. */
    private static final long LOGGED_EVERY = 5;

    private static final Logger log = LoggerFactory.getLogger(LateGuilds.class);

    private LateGuilds() {}

    /** Fetches the session's guilds in the background and sends them; gives up once the session has ended. */
    static void deliver(ConnectionServices services, Session session, @Nullable Shard shard) {
        Mono.defer(() -> lives(services, session)
                        ? services.guilds()
                                .guildsOf(session.userId())
                                .collectList()
                                .timeout(services.settings().identifyTimeout())
                        : Mono.<List<JsonNode>>empty())
                .retryWhen(Retry.backoff(Long.MAX_VALUE, FIRST_PAUSE)
                        .maxBackoff(LONGEST_PAUSE)
                        .doBeforeRetry(retry -> {
                            long failures = retry.totalRetries() + 1;
                            if (failures % LOGGED_EVERY == 0) {
                                log.warn(
                                        "session of user {} still has no guilds: guild-service failed {} times"
                                                + " after READY: {}",
                                        session.userId(),
                                        failures,
                                        retry.failure().toString());
                            }
                        }))
                .delaySubscription(FIRST_PAUSE)
                .subscribe(guilds -> send(services, session, shard, guilds));
    }

    private static boolean lives(ConnectionServices services, Session session) {
        return services.sessions().find(session.id()).isPresent();
    }

    private static void send(
            ConnectionServices services, Session session, @Nullable Shard shard, List<JsonNode> guilds) {
        if (!lives(services, session)) {
            return;
        }
        for (JsonNode guild : guilds) {
            if (shard == null || shard.covers(guild.path("id").asLong())) {
                session.dispatchOwn(DispatchFrame.of(services.mapper(), GUILD_CREATE, guild));
            }
        }
    }
}
