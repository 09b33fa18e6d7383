package dev.concord.guild.channels;

import dev.concord.guild.privatechannels.PrivateChannelRow;
import dev.concord.guild.privatechannels.PrivateChannelStore;
import dev.concord.guild.privatechannels.PrivateChannels;
import dev.concord.platform.auth.Principal;
import dev.concord.platform.auth.Principals;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.PathIds;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** HTTP for guild channels; people and bots act themselves, OAuth2 applications may not here. */
@Component
final class ChannelHandler {

    private final ChannelService service;
    private final ChannelStore store;
    private final PrivateChannelStore privateChannelRows;
    private final PrivateChannels privateChannels;
    private final ThreadChannels threads;

    ChannelHandler(
            ChannelService service,
            ChannelStore store,
            PrivateChannelStore privateChannelRows,
            PrivateChannels privateChannels,
            ThreadChannels threads) {
        this.threads = threads;
        this.privateChannelRows = privateChannelRows;
        this.privateChannels = privateChannels;
        this.store = store;
        this.service = service;
    }

    Mono<ServerResponse> create(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return JsonBodies.checked(request, ChannelCreateRequest.class)
                .flatMap(body -> service.create(guildId, me.userId(), body))
                .flatMap(channel -> ServerResponse.status(HttpStatus.CREATED).bodyValue(channel));
    }

    Mono<ServerResponse> list(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake guildId = PathIds.snowflake(request, "guild_id");
        return service.list(guildId, me.userId()).collectList().flatMap(channels -> ServerResponse.ok()
                .bodyValue(channels));
    }

    Mono<ServerResponse> get(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return privateChannels
                .get(channelId, me)
                .switchIfEmpty(Mono.defer(() -> threads.get(channelId, me.userId())))
                .switchIfEmpty(
                        Mono.defer(() -> service.get(channelId, me.userId()).cast(Object.class)))
                .flatMap(channel -> ServerResponse.ok().bodyValue(channel));
    }

    /**
     * {@code GET /internal/channels/{channel.id}} (internal): a guild channel as {@code GET /channels/{id}}
     * gives it (a thread too, with its {@code parent_id}), or a DM as
     * {@code {"id", "type", "owner_id", "recipient_ids"}} (every recipient), for a
     * service that has only a channel's id (webhook-service's messages); 404 10003.
     */
    Mono<ServerResponse> internalGet(ServerRequest request) {
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        Mono<Object> channel = store.find(channelId)
                .<Object>map(found -> found)
                .switchIfEmpty(privateChannelRows.find(channelId).map(PrivateChannelRow::forServices))
                .switchIfEmpty(Mono.defer(() -> threads.find(channelId)));
        return channel.switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                .flatMap(found -> ServerResponse.ok().bodyValue(found));
    }

    Mono<ServerResponse> modify(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        // A group DM takes its own body (name, icon): which one is known before the body is read.
        return privateChannels
                .modify(channelId, me, request)
                .switchIfEmpty(Mono.defer(() -> threads.modify(channelId, me.userId(), request)))
                .switchIfEmpty(Mono.defer(() -> JsonBodies.required(request, ChannelModifyRequest.class)
                        .flatMap(body -> service.modify(channelId, me.userId(), body))
                        .cast(Object.class)))
                .flatMap(channel -> ServerResponse.ok().bodyValue(channel));
    }

    Mono<ServerResponse> delete(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        return privateChannels
                .delete(channelId, me)
                .switchIfEmpty(Mono.defer(() -> threads.delete(channelId, me.userId())))
                .switchIfEmpty(
                        Mono.defer(() -> service.delete(channelId, me.userId()).cast(Object.class)))
                .flatMap(channel -> ServerResponse.ok().bodyValue(channel));
    }

    Mono<ServerResponse> putOverwrite(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        Snowflake targetId = PathIds.snowflake(request, "overwrite_id");
        return JsonBodies.required(request, OverwriteRequest.class)
                .map(body -> {
                    OverwriteRequest overwrite = new OverwriteRequest(targetId, body.type(), body.allow(), body.deny());
                    Violations violations = new Violations();
                    overwrite.validate(violations);
                    violations.throwIfAny();
                    return overwrite;
                })
                .flatMap(overwrite -> service.putOverwrite(channelId, targetId, me.userId(), overwrite))
                .then(ServerResponse.noContent().build());
    }

    Mono<ServerResponse> deleteOverwrite(ServerRequest request) {
        Principal me = Principals.userOrBot(request);
        Snowflake channelId = PathIds.snowflake(request, "channel_id");
        Snowflake targetId = PathIds.snowflake(request, "overwrite_id");
        return service.deleteOverwrite(channelId, targetId, me.userId())
                .then(ServerResponse.noContent().build());
    }
}
