package dev.concord.guild.privatechannels;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.JsonBodies;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import reactor.core.publisher.Mono;

/**
 * What {@code /channels/{channel.id}} does with a private channel, for the channel routes (which answer
 * guild channels themselves): each method is empty when no private channel has the id.
 */
@Component
public final class PrivateChannels {

    private final PrivateChannelStore store;
    private final PrivateChannelService channels;
    private final GroupRecipients recipients;
    private final GroupSettings settings;

    PrivateChannels(
            PrivateChannelStore store,
            PrivateChannelService channels,
            GroupRecipients recipients,
            GroupSettings settings) {
        this.store = store;
        this.channels = channels;
        this.recipients = recipients;
        this.settings = settings;
    }

    /** {@code GET}: the channel as its recipient reads it; 403 50001 for anyone else. */
    public Mono<Object> get(Snowflake channelId, Principal me) {
        return mine(channelId, me)
                .flatMap(row -> channels.render(row, me.userId()))
                .cast(Object.class);
    }

    /**
     * {@code DELETE}: a recipient leaves a group DM (as {@code DELETE .../recipients/{their id}} would), or
     * closes a DM of two (out of their list until it is opened again, by them or by its next message); either
     * way they get it back as they read it before.
     */
    public Mono<Object> delete(Snowflake channelId, Principal me) {
        return mine(channelId, me).flatMap(row -> channels.render(row, me.userId())
                .flatMap(before -> (row.type() == PrivateChannelRow.GROUP_DM
                                ? recipients.remove(me, channelId, me.userId())
                                : channels.close(row, me.userId()))
                        .thenReturn((Object) before)));
    }

    /**
     * {@code PATCH} of a group DM's {@code name} and {@code icon} (the body as raw JSON, read here): any of
     * its recipients; 400 50003 for a DM of two, 403 50001 for anyone else; empty for no private channel
     * (a guild channel's PATCH reads its own body).
     */
    public Mono<Object> modify(Snowflake channelId, Principal me, ServerRequest request) {
        return mine(channelId, me).flatMap(row -> {
            if (row.type() != PrivateChannelRow.GROUP_DM) {
                return Mono.error(GroupRecipients.dmOfTwo());
            }
            return JsonBodies.checked(request, GroupModifyRequest.class)
                    .flatMap(body -> settings.modify(row, me.userId(), body))
                    .cast(Object.class);
        });
    }

    private Mono<PrivateChannelRow> mine(Snowflake channelId, Principal me) {
        return store.find(channelId)
                .flatMap(row -> row.recipientIds().contains(me.userId())
                        ? Mono.just(row)
                        : Mono.error(ApiErrors.missingAccess()));
    }
}
