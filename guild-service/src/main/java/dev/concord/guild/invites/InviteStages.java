package dev.concord.guild.invites;

import dev.concord.platform.ids.Snowflake;
import reactor.core.publisher.Mono;

/** The live public stage of a channel, as an invite preview carries it ({@code stage_instance}); none: empty. */
public interface InviteStages {

    Mono<Object> publicStage(Snowflake channelId);
}
