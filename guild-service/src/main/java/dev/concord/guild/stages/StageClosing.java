package dev.concord.guild.stages;

import dev.concord.guild.invites.PlatformInvites;
import dev.concord.guild.scheduledevents.StageEventLinks;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Closes a stage however it ends (by a moderator, with its channel, by the platform): the instance goes,
 * its invite goes (INVITE_DELETE), its scheduled event completes (GUILD_SCHEDULED_EVENT_UPDATE), and
 * STAGE_INSTANCE_DELETE tells the channel.
 */
@Component
final class StageClosing {

    private final StageInstanceStore store;
    private final PlatformInvites invites;
    private final StageEventLinks events;
    private final Outbox outbox;

    StageClosing(StageInstanceStore store, PlatformInvites invites, StageEventLinks events, Outbox outbox) {
        this.store = store;
        this.invites = invites;
        this.events = events;
        this.outbox = outbox;
    }

    /** Closes the channel's stage; answers it as it was, or nothing if the channel was not live. */
    Mono<StageInstanceRow> close(Snowflake channelId) {
        return store.deleteOfChannel(channelId).flatMap(stage -> {
            Mono<Void> invite = stage.inviteCode() == null ? Mono.empty() : invites.delete(stage.inviteCode());
            Mono<Void> event = stage.guildScheduledEventId() == null
                    ? Mono.empty()
                    : events.end(stage.guildId(), stage.guildScheduledEventId());
            return invite.then(event)
                    .then(outbox.append(StageInstanceEvents.deleted(stage)))
                    .thenReturn(stage);
        });
    }
}
