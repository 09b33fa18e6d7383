package dev.concord.guild.stages;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.invites.InviteStages;
import dev.concord.guild.members.MemberData;
import dev.concord.guild.voicestates.ChannelVoices;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A live public stage as invites to its channel show it (the platform's invite stage instance): its topic,
 * how many are in it and speak, and the speakers as guild members.
 */
@Component
final class StageInvitePreviews implements InviteStages {

    private final StageInstanceStore store;
    private final ChannelVoices voices;
    private final AccessStore members;
    private final UserDirectory users;

    StageInvitePreviews(StageInstanceStore store, ChannelVoices voices, AccessStore members, UserDirectory users) {
        this.store = store;
        this.voices = voices;
        this.members = members;
        this.users = users;
    }

    @Override
    public Mono<Object> publicStage(Snowflake channelId) {
        return store.ofChannel(channelId).filter(StageInstanceRow::isPublic).flatMap(stage -> voices.of(
                        stage.guildId(), channelId)
                .flatMap(inStage -> speakers(stage.guildId(), inStage.speakerIds())
                        .map(speakers -> Map.of(
                                "topic", stage.topic(),
                                "members", speakers,
                                "participant_count", inStage.userIds().size(),
                                "speaker_count", inStage.speakers()))));
    }

    private Mono<List<MemberData>> speakers(Snowflake guildId, List<Snowflake> speakerIds) {
        if (speakerIds.isEmpty()) {
            return Mono.just(List.of());
        }
        return Mono.zip(
                        members.members(guildId, speakerIds).collectList(),
                        users.findAll(speakerIds).collectMap(PartialUser::id, Function.identity()))
                .map(read -> read.getT1().stream()
                        .filter(member -> read.getT2().containsKey(member.userId()))
                        .map(member -> MemberData.of(
                                member, Objects.requireNonNull(read.getT2().get(member.userId()), "filtered on")))
                        .toList());
    }
}
