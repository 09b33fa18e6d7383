package dev.concord.guild.voicestates;

import static dev.concord.platform.events.EventTypes.VOICE_CHANNEL_EFFECT_SEND;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.guild.channels.ChannelType;
import dev.concord.guild.emojis.GuildEmojis;
import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Emoji reactions in a voice channel: someone connected to it sends an emoji (the guild's own, or a
 * Unicode one) with an animation, and everyone connected to it gets VOICE_CHANNEL_EFFECT_SEND. PREMIUM
 * animations are for premium subscribers, of whom there are none here; 40032 for a sender not connected.
 */
@Service
final class VoiceChannelEffects {

    private final ChannelAccesses channels;
    private final VoiceStateStore store;
    private final ChannelVoices voices;
    private final GuildEmojis emojis;
    private final Outbox outbox;

    VoiceChannelEffects(
            ChannelAccesses channels, VoiceStateStore store, ChannelVoices voices, GuildEmojis emojis, Outbox outbox) {
        this.channels = channels;
        this.store = store;
        this.voices = voices;
        this.emojis = emojis;
        this.outbox = outbox;
    }

    Mono<Void> send(Snowflake channelId, Snowflake userId, VoiceChannelEffectRequest request) {
        if (request.animationTypeOrBasic() == VoiceChannelEffectRequest.PREMIUM) {
            throw new Violations()
                    .add("animation_type", "PREMIUM_REQUIRED", "Premium animations need a premium subscription.")
                    .toException();
        }
        return channels.load(channelId, userId, false).flatMap(channel -> {
            ChannelAccess seen = channel.requireVisible();
            if (!ChannelType.isVoice(seen.channel().type())) {
                throw GuildErrors.wrongChannelType();
            }
            Snowflake guildId = seen.channel().guildId();
            return store.find(guildId, userId)
                    .filter(state -> channelId.equals(state.channelId()))
                    .switchIfEmpty(Mono.error(GuildErrors::notConnectedToVoice))
                    .then(emoji(guildId, request))
                    .zipWith(voices.of(guildId, channelId))
                    .flatMap(read -> outbox.append(new DomainEvent(
                            VOICE_CHANNEL_EFFECT_SEND,
                            guildId.asString(),
                            Audience.users(read.getT2().userIds()),
                            effect(guildId, channelId, userId, read.getT1(), request))));
        });
    }

    /** The emoji as the event carries it: the guild's custom one ({@code id}, {@code name}, {@code animated}) or a Unicode one. */
    private Mono<Map<String, Object>> emoji(Snowflake guildId, VoiceChannelEffectRequest request) {
        Snowflake emojiId = Possible.valueOrNull(request.emojiId());
        if (emojiId == null) {
            Map<String, Object> unicode = new LinkedHashMap<>();
            unicode.put("id", null);
            unicode.put("name", Possible.valueOrNull(request.emojiName()));
            return Mono.just(unicode);
        }
        return emojis.of(guildId)
                .flatMap(all -> Mono.justOrEmpty(all.stream()
                        .filter(node -> node.path("id").asString().equals(emojiId.asString()))
                        .findFirst()))
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.EMOJI)))
                .map(VoiceChannelEffects::custom);
    }

    private static Map<String, Object> custom(JsonNode emoji) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("id", emoji.path("id").asString());
        shown.put("name", emoji.path("name").asString());
        shown.put("animated", emoji.path("animated").asBoolean());
        return shown;
    }

    private static Map<String, Object> effect(
            Snowflake guildId,
            Snowflake channelId,
            Snowflake userId,
            Map<String, Object> emoji,
            VoiceChannelEffectRequest request) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("channel_id", channelId);
        data.put("guild_id", guildId);
        data.put("user_id", userId);
        data.put("emoji", emoji);
        data.put("animation_type", request.animationTypeOrBasic());
        data.put("animation_id", request.animationIdOrZero());
        return data;
    }
}
