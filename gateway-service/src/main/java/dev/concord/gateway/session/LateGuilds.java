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
 * again a few times, with growing pauses, and each then sent to the session as a GUILD_CREATE, as for a
 * guild it joins. Without them the client would know nothing of guilds whose events it receives until it
 * connected again.
 */
final class LateGuilds {

    /** The first pause, after READY; each later one about twice the last. */
    static final Duration FIRST_PAUSE = Duration.ofSeconds(1);

    /** Asked at most this many times after READY (pauses of about 1, 2, 4, 8 and 16 s): half a minute. */
    static final int ATTEMPTS = 5;

    private static final Logger log = LoggerFactory.getLogger(LateGuilds.class);

    private LateGuilds() {}

    /** Fetches the session's guilds in the background and sends them while the session lives. */
    static void deliver(ConnectionServices services, Session session, @Nullable Shard shard) {
        Mono.defer(() -> services.guilds().guildsOf(session.userId()).collectList())
                .timeout(services.settings().identifyTimeout())
                .retryWhen(Retry.backoff(ATTEMPTS - 1, FIRST_PAUSE))
                .delaySubscription(FIRST_PAUSE)
                .subscribe(
                        guilds -> send(services, session, shard, guilds),
                        failure -> log.warn(
                                "session of user {} has no guilds: guild-service failed {} times after READY: {}",
                                session.userId(),
                                ATTEMPTS,
                                failure.toString()));
    }

    private static void send(
            ConnectionServices services, Session session, @Nullable Shard shard, List<JsonNode> guilds) {
        if (services.sessions().find(session.id()).isEmpty()) {
            return;
        }
        for (JsonNode guild : guilds) {
            if (shard == null || shard.covers(guild.path("id").asLong())) {
                session.dispatchOwn(DispatchFrame.of(services.mapper(), GUILD_CREATE, guild));
            }
        }
    }
}
