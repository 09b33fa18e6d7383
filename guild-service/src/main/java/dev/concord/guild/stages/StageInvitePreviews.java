package dev.concord.guild.stages;

import dev.concord.guild.invites.InviteStages;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A live public stage as invites to its channel show it: the platform's invite stage instance, its topic
 * and who is in it. Nobody is in a stage until voice states exist here, so the counts are 0 and the
 * members none.
 */
@Component
final class StageInvitePreviews implements InviteStages {

    private final StageInstanceStore store;

    StageInvitePreviews(StageInstanceStore store) {
        this.store = store;
    }

    @Override
    public Mono<Object> publicStage(Snowflake channelId) {
        return store.ofChannel(channelId)
                .filter(StageInstanceRow::isPublic)
                .map(stage -> Map.of(
                        "topic", stage.topic(), "members", List.of(), "participant_count", 0, "speaker_count", 0));
    }
}
