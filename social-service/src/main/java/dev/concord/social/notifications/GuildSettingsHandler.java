package dev.concord.social.notifications;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.web.JsonBodies;
import java.util.List;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * HTTP for user guild settings; a person's own session only (403 for bots and OAuth2), and only of
 * guilds the user is a member of (404 10004 otherwise, {@link GuildSettingsService#modify}).
 */
@Component
final class GuildSettingsHandler {

    private final GuildSettingsService service;

    GuildSettingsHandler(GuildSettingsService service) {
        this.service = service;
    }

    Mono<ServerResponse> modifyOne(ServerRequest request) {
        Principal me = Principals.user(request);
        GuildKey guild = Ids.guildFromPath(request);
        return JsonBodies.checked(request, UserGuildSettingsModifyRequest.class)
                .flatMap(body -> service.modify(me.userId(), List.of(new GuildSettingsChange(guild, body, List.of()))))
                .flatMap(settings -> ServerResponse.ok().bodyValue(settings.get(0)));
    }

    Mono<ServerResponse> modifyMany(ServerRequest request) {
        Principal me = Principals.user(request);
        return JsonBodies.checked(request, GuildSettingsBulkModifyRequest.class)
                .flatMap(body -> service.modify(me.userId(), body.changes()))
                .flatMap(settings -> ServerResponse.ok().bodyValue(settings));
    }
}
