package dev.concord.guild.stages;

import static dev.concord.platform.events.EventTypes.STAGE_INSTANCE_CREATE;
import static dev.concord.platform.events.EventTypes.STAGE_INSTANCE_DELETE;
import static dev.concord.platform.events.EventTypes.STAGE_INSTANCE_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;

/** STAGE_INSTANCE_* on {@code guild.events}, keyed by guild id, to the members who can see the stage. */
final class StageInstanceEvents {

    private StageInstanceEvents() {}

    static DomainEvent created(StageInstanceRow stage) {
        return of(STAGE_INSTANCE_CREATE, stage);
    }

    static DomainEvent updated(StageInstanceRow stage) {
        return of(STAGE_INSTANCE_UPDATE, stage);
    }

    static DomainEvent deleted(StageInstanceRow stage) {
        return of(STAGE_INSTANCE_DELETE, stage);
    }

    private static DomainEvent of(String type, StageInstanceRow stage) {
        return new DomainEvent(
                type, stage.guildId().asString(), Audience.channel(stage.guildId(), stage.channelId()), stage.data());
    }
}
