package dev.concord.guild.scheduledevents;

import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.guild.channels.ChannelType;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Finds an event as a member sees it, and the channel an event is or would be held in. */
@Component
final class ScheduledEventLookup {

    /** An event and the member's access to its channel (none for an external event). */
    record Seen(ScheduledEventRow event, @Nullable ChannelAccess channel) {}

    private final ScheduledEventStore store;
    private final ChannelAccesses channels;

    ScheduledEventLookup(ScheduledEventStore store, ChannelAccesses channels) {
        this.store = store;
        this.channels = channels;
    }

    /** The guild's event, if the member can see it; 404 10070 otherwise, as if it did not exist. */
    Mono<Seen> visible(GuildAccess access, Snowflake eventId) {
        return store.find(access.guild().id(), eventId)
                .flatMap(event ->
                        channel(access, event.channelId()).map(channel -> new Seen(event, channel.orElse(null))))
                .filter(seen -> ScheduledEventRights.canSee(seen.channel()))
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD_SCHEDULED_EVENT)));
    }

    /** The member's access to a channel of the guild (404 10003 for none such); nothing for no channel. */
    Mono<Optional<ChannelAccess>> channel(GuildAccess access, @Nullable Snowflake channelId) {
        return channelId == null
                ? Mono.just(Optional.empty())
                : channels.inGuild(access, channelId).map(Optional::of);
    }

    /** A stage event is held in a stage channel, a voice event in a voice channel (50035 at channel_id). */
    static void requireKind(@Nullable ChannelAccess channel, int entityType) {
        if (channel == null) {
            return;
        }
        int type = channel.channel().type();
        boolean stage = entityType == ScheduledEventFields.STAGE_INSTANCE;
        if (type != (stage ? ChannelType.STAGE : ChannelType.VOICE)) {
            ScheduledEventErrors.channelType(new Violations(), stage).throwIfAny();
        }
    }
}
