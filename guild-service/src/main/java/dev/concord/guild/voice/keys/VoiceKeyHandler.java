package dev.concord.guild.voice.keys;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for voice keys. */
@Component
final class VoiceKeyHandler {

    private final VoiceKeyService keys;

    VoiceKeyHandler(VoiceKeyService keys) {
        this.keys = keys;
    }

    /** A person's own act, as their client's (bots 403 20001): the key is bound to their login. */
    Mono<ServerResponse> upload(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.checked(request, VoicePublicKeyUploadRequest.class)
                .flatMap(body -> keys.upload(me, body))
                .then(ServerResponse.noContent().build());
    }

    /** Anyone in a call may check another participant's key, bots included; it names no one's private things. */
    Mono<ServerResponse> match(ServerRequest request) {
        Principals.userOrBot(request);
        Snowflake userId = PathIds.snowflake(request, "user_id");
        return JsonBodies.checked(request, VoicePublicKeyMatchRequest.class)
                .flatMap(body -> keys.matches(userId, body))
                .flatMap(matched -> ServerResponse.ok().bodyValue(new VoiceKeyMatchData(matched)));
    }
}
