package dev.concord.guild.voicestates;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for voice states: the public endpoints, and the gateway's op 4 and ended sessions (internal). */
@Component
final class VoiceStateHandler {

    private final StageVoiceStates stages;
    private final VoiceStateService voice;
    private final VoiceChannelEffects effects;

    VoiceStateHandler(StageVoiceStates stages, VoiceStateService voice, VoiceChannelEffects effects) {
        this.stages = stages;
        this.voice = voice;
        this.effects = effects;
    }

    Mono<ServerResponse> getSelf(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return stages.get(guildId, me.userId(), me.userId())
                .flatMap(state -> ServerResponse.ok().bodyValue(state));
    }

    Mono<ServerResponse> getUser(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake userId = PathIds.snowflake(request, "user_id");
        return stages.get(guildId, me.userId(), userId)
                .flatMap(state -> ServerResponse.ok().bodyValue(state));
    }

    Mono<ServerResponse> modifySelf(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return JsonBodies.checked(request, VoiceStateSelfRequest.class)
                .flatMap(body -> stages.modifySelf(guildId, me, body))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> modifyUser(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        Snowflake userId = PathIds.snowflake(request, "user_id");
        return JsonBodies.checked(request, VoiceStateUserRequest.class)
                .flatMap(body -> stages.modifyUser(guildId, me.userId(), userId, body))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> sendEffect(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return JsonBodies.checked(request, VoiceChannelEffectRequest.class)
                .flatMap(body -> effects.send(channelId, me.userId(), body))
                .then(ServerResponse.noContent().build());
    }

    /** An op 4 the gateway forwards. */
    Mono<ServerResponse> update(ServerRequest request) {
        return JsonBodies.checked(request, VoiceJoinRequest.class)
                .flatMap(voice::update)
                .then(ServerResponse.noContent().build());
    }

    /** A gateway session ended: {@code {"user_id", "session_id"}}. */
    Mono<ServerResponse> sessionEnded(ServerRequest request) {
        return JsonBodies.checked(request, VoiceSessionEnded.class)
                .flatMap(body ->
                        voice.sessionEnded(body.userId().get(), body.sessionId().get()))
                .then(ServerResponse.noContent().build());
    }
}
