package dev.concord.guild.voicestates;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Who is in a voice or stage channel right now, for stages and events that end when nobody is. */
@Component
public final class ChannelVoices {

    /** The people in a channel, and those of them who speak (on a stage). */
    public record Occupancy(List<Snowflake> userIds, List<Snowflake> speakerIds) {

        public Occupancy {
            userIds = List.copyOf(userIds);
            speakerIds = List.copyOf(speakerIds);
        }

        public boolean isEmpty() {
            return userIds.isEmpty();
        }

        public int speakers() {
            return speakerIds.size();
        }
    }

    private final VoiceStateStore store;

    ChannelVoices(VoiceStateStore store) {
        this.store = store;
    }

    /** Two reads: the channel's members, then their states. */
    public Mono<Occupancy> of(Snowflake guildId, Snowflake channelId) {
        return store.inChannel(guildId, channelId)
                .map(Snowflake::parse)
                .collectList()
                .flatMap(userIds -> userIds.isEmpty()
                        ? Mono.just(new Occupancy(List.of(), List.of()))
                        : store.states(guildId, userIds)
                                .filter(state -> channelId.equals(state.channelId()))
                                .collectList()
                                .map(states -> new Occupancy(
                                        states.stream().map(VoiceState::userId).toList(),
                                        states.stream()
                                                .filter(VoiceState::isSpeaker)
                                                .map(VoiceState::userId)
                                                .toList())));
    }
}
