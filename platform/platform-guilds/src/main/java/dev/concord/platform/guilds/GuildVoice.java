package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

/**
 * Voice through guild-service, for the gateway: an op 4 (join, move or leave a guild's voice channel) and
 * a session that ended (its voice state goes). guild-service's refusals come as {@code ApiException}s.
 */
public final class GuildVoice {

    private final GuildServiceClient guilds;

    GuildVoice(GuildServiceClient guilds) {
        this.guilds = guilds;
    }

    /**
     * POST /internal/voice-states: the user's session wants to be in {@code channelId} (null: nowhere) in
     * the guild, or without one ({@code guildId} null) in the call of that DM or group DM.
     */
    public Mono<Void> update(
            Snowflake userId,
            String sessionId,
            @Nullable Snowflake guildId,
            @Nullable Snowflake channelId,
            boolean selfMute,
            boolean selfDeaf,
            boolean selfVideo) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user_id", userId.asString());
        body.put("session_id", sessionId);
        body.put("guild_id", guildId == null ? null : guildId.asString());
        body.put("channel_id", channelId == null ? null : channelId.asString());
        body.put("self_mute", selfMute);
        body.put("self_deaf", selfDeaf);
        body.put("self_video", selfVideo);
        return onceMoreIfNoAnswer(guilds.postBodiless("/internal/voice-states", body));
    }

    /** POST /internal/voice-states/session-ended: the session's voice state, wherever it is, goes. */
    public Mono<Void> sessionEnded(Snowflake userId, String sessionId) {
        return onceMoreIfNoAnswer(guilds.postBodiless(
                "/internal/voice-states/session-ended", Map.of("user_id", userId.asString(), "session_id", sessionId)));
    }

    /**
     * Sent again, once, when the connection failed before any answer came: most often a pooled connection
     * guild-service closed just as the request went out on it ("prematurely closed BEFORE response"), which
     * lost op 4s under load and left their sessions without a VOICE_SERVER_UPDATE. Both calls say where the
     * session is to be (or that it is gone), so carrying one out twice changes nothing; an answer, even a
     * refusal, is never sent again.
     */
    private static Mono<Void> onceMoreIfNoAnswer(Mono<Void> call) {
        return call.retryWhen(Retry.max(1).filter(WebClientRequestException.class::isInstance));
    }
}
