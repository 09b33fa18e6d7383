package dev.concord.guild.privatechannels;

import dev.concord.platform.auth.Principal;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import org.springframework.stereotype.Component;
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

    PrivateChannels(PrivateChannelStore store, PrivateChannelService channels, GroupRecipients recipients) {
        this.store = store;
        this.channels = channels;
        this.recipients = recipients;
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

    private Mono<PrivateChannelRow> mine(Snowflake channelId, Principal me) {
        return store.find(channelId)
                .flatMap(row -> row.recipientIds().contains(me.userId())
                        ? Mono.just(row)
                        : Mono.error(ApiErrors.missingAccess()));
    }
}
