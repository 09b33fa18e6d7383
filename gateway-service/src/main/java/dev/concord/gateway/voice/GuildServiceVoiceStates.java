package dev.concord.gateway.voice;

import dev.concord.gateway.protocol.VoiceStateRequest;
import dev.concord.gateway.session.Session;
import dev.concord.gateway.session.SessionRegistry;
import dev.concord.platform.guilds.GuildVoice;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Op 4 through guild-service. Only the latest op 4 of a session matters (it says where the user wants to
 * be), so while one is on its way the next waits and any later one replaces it: a session never has two
 * in flight, and they land in order. A refusal (no CONNECT, a full channel) changes nothing and is not
 * answered, as on the platform. A session that joined voice leaves it when it ends for good.
 */
final class GuildServiceVoiceStates implements VoiceStates, SessionRegistry.SessionsListener {

    private static final Logger log = LoggerFactory.getLogger(GuildServiceVoiceStates.class);

    private final GuildVoice voice;
    /** Per session that sent op 4: the op 4 waiting while another is in flight (none: idle). */
    private final Map<String, Pending> sessions = new ConcurrentHashMap<>();

    private static final class Pending {
        boolean inFlight;

        @Nullable
        VoiceStateRequest next;
    }

    GuildServiceVoiceStates(GuildVoice voice) {
        this.voice = voice;
    }

    @Override
    public void update(Session session, VoiceStateRequest request) {
        Pending pending = sessions.computeIfAbsent(session.id(), id -> new Pending());
        synchronized (pending) {
            if (pending.inFlight) {
                pending.next = request;
                return;
            }
            pending.inFlight = true;
        }
        send(session, pending, request);
    }

    private void send(Session session, Pending pending, VoiceStateRequest request) {
        voice.update(
                        session.userId(),
                        session.id(),
                        request.guildId(),
                        request.channelId(),
                        request.selfMute(),
                        request.selfDeaf(),
                        request.selfVideo())
                .doFinally(signal -> {
                    VoiceStateRequest next;
                    synchronized (pending) {
                        next = pending.next;
                        pending.next = null;
                        pending.inFlight = next != null;
                    }
                    if (next != null) {
                        send(session, pending, next);
                    }
                })
                .subscribe(null, refused -> log.debug("op 4 of {} not carried out: {}", session, refused.toString()));
    }

    @Override
    public void ended(Session session) {
        if (sessions.remove(session.id()) != null) {
            voice.sessionEnded(session.userId(), session.id())
                    .subscribe(
                            null,
                            failure ->
                                    log.warn("voice state of ended {} not removed: {}", session, failure.toString()));
        }
    }

    @Override
    public void resumed(Session session) {}
}
