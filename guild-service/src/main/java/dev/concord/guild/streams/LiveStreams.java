package dev.concord.guild.streams;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.guild.channels.ChannelType;
import dev.concord.guild.voicestates.ChannelVoices;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** A stream's channel as its readers and its streamer reach it: a voice channel of the key's guild. */
@Component
final class LiveStreams {

    private final ChannelAccesses channels;
    private final ChannelVoices voices;

    LiveStreams(ChannelAccesses channels, ChannelVoices voices) {
        this.channels = channels;
        this.voices = voices;
    }

    /** The key's channel as {@code userId} sees it: 404 unless it is a voice channel of the key's guild they can view. */
    Mono<ChannelAccess> channel(StreamKey key, Snowflake userId) {
        return channels.load(key.channelId(), userId, false).map(channel -> {
            channel.requireVisible();
            if (!channel.channel().guildId().equals(key.guildId())
                    || !ChannelType.isVoice(channel.channel().type())) {
                throw ApiErrors.notFound();
            }
            return channel;
        });
    }

    /** The channel of {@code userId}'s own stream: 403 50013 for another's key, 40032 when not connected to it. */
    Mono<ChannelAccess> ownChannel(StreamKey key, Snowflake userId) {
        if (!key.userId().equals(userId)) {
            return Mono.error(ApiErrors.missingPermissions());
        }
        return channel(key, userId).flatMap(channel -> voices.of(key.guildId(), key.channelId())
                .flatMap(inChannel -> inChannel.userIds().contains(userId)
                        ? Mono.just(channel)
                        : Mono.error(GuildErrors.notConnectedToVoice())));
    }
}
