package dev.concord.guild.voice.regions;

import dev.concord.guild.access.GuildAccesses;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.PathIds;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for voice regions; people and bots read them. */
@Component
final class VoiceRegionHandler {

    private final VoiceRegions regions;
    private final GuildAccesses accesses;

    VoiceRegionHandler(VoiceRegions regions, GuildAccesses accesses) {
        this.regions = regions;
        this.accesses = accesses;
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Principals.userOrBot(request);
        return ServerResponse.ok().bodyValue(regions.all());
    }

    /** The guild's members only: 404 10004 for no such guild, 403 50001 for others, as every guild read. */
    Mono<ServerResponse> guildList(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return accesses.load(guildId, me.userId(), false)
                .flatMap(access -> ServerResponse.ok().bodyValue(regions.of(access.guild())));
    }
}
