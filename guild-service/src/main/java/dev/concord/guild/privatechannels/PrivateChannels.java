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
     * {@code DELETE}: a recipient leaves a group DM (as {@code DELETE .../recipients/@me} would) and gets
     * it back as they read it before. Closing a DM of two (the platform hides it until its next message)
     * is not kept here: 400 50003.
     */
    public Mono<Object> delete(Snowflake channelId, Principal me) {
        return mine(channelId, me).flatMap(row -> {
            if (row.type() != PrivateChannelRow.GROUP_DM) {
                return Mono.error(GroupRecipients.dmOfTwo());
            }
            return channels.render(row, me.userId())
                    .flatMap(before ->
                            recipients.remove(me, channelId, me.userId()).thenReturn((Object) before));
        });
    }

    private Mono<PrivateChannelRow> mine(Snowflake channelId, Principal me) {
        return store.find(channelId)
                .flatMap(row -> row.recipientIds().contains(me.userId())
                        ? Mono.just(row)
                        : Mono.error(ApiErrors.missingAccess()));
    }
}
