package dev.concord.webhook.webhooks;

import dev.concord.platform.guilds.ChannelDirectory;
import dev.concord.platform.guilds.ChannelDirectory.ChannelPlace;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Where webhooks may be and who may manage them: guild channels that hold messages at the top level
 * (text, voice, announcement, stage, forum, media; not a category, a thread or a DM), by members holding
 * MANAGE_WEBHOOKS there (guild-service's engine, cached as for messages).
 */
@Component
final class WebhookAccess {

    static final Set<Integer> WEBHOOK_CHANNEL_TYPES = Set.of(0, 2, 5, 13, 15, 16);
    static final int TEXT = 0;
    static final int ANNOUNCEMENT = 5;

    private final ChannelDirectory channels;
    private final GuildAuthorization authorization;

    WebhookAccess(ChannelDirectory channels, GuildAuthorization authorization) {
        this.channels = channels;
        this.authorization = authorization;
    }

    /**
     * The channel, where {@code userId} may manage webhooks: 404 10003 for no such channel, 400 50024 for
     * one that takes no webhooks, 403 50001 when they cannot see it, 50013 without MANAGE_WEBHOOKS.
     */
    Mono<ChannelPlace> manageable(Snowflake channelId, Snowflake userId) {
        return channels.place(channelId).flatMap(place -> {
            Snowflake guildId = place.guildId();
            if (guildId == null || !WEBHOOK_CHANNEL_TYPES.contains(place.type())) {
                return Mono.error(wrongChannelType());
            }
            return authorization
                    .permissions(guildId, channelId, userId)
                    .switchIfEmpty(Mono.error(ApiErrors::missingAccess))
                    .map(granted -> {
                        require(granted);
                        return place;
                    });
        });
    }

    /** What a follower webhook shows of the channel it follows: its guild, the guild's and its own names. */
    record Followed(
            Snowflake guildId, String guildName, @Nullable String guildIcon, String channelName) {}

    /**
     * An announcement channel {@code userId} may follow (one they see): 404 10003 for no such channel,
     * 400 50024 for any other type, 403 50001 when they cannot see it. With its names, read fresh.
     */
    Mono<Followed> followable(Snowflake channelId, Snowflake userId) {
        return channels.place(channelId).flatMap(place -> {
            Snowflake guildId = place.guildId();
            if (guildId == null || place.type() != ANNOUNCEMENT) {
                return Mono.error(wrongChannelType());
            }
            return authorization
                    .permissions(guildId, channelId, userId)
                    .filter(granted -> (granted & Permission.VIEW_CHANNEL.bit()) != 0)
                    .switchIfEmpty(Mono.error(ApiErrors::missingAccess))
                    .then(Mono.zip(
                            channels.channel(channelId),
                            authorization.guildOf(userId, guildId).switchIfEmpty(Mono.error(ApiErrors::missingAccess))))
                    .map(found -> {
                        JsonNode icon = found.getT2().path("icon");
                        return new Followed(
                                guildId,
                                found.getT2().path("name").asString(),
                                icon.isString() ? icon.asString() : null,
                                found.getT1().path("name").asString());
                    });
        });
    }

    /** 403 unless {@code userId} holds MANAGE_WEBHOOKS guild-wide (50001 for someone not a member). */
    Mono<Void> requireInGuild(Snowflake guildId, Snowflake userId) {
        return authorization
                .permissions(guildId, userId)
                .switchIfEmpty(Mono.error(ApiErrors::missingAccess))
                .doOnNext(granted -> {
                    if ((granted & Permission.MANAGE_WEBHOOKS.bit()) == 0) {
                        throw ApiErrors.missingPermissions();
                    }
                })
                .then();
    }

    private static void require(long granted) {
        if ((granted & Permission.VIEW_CHANNEL.bit()) == 0) {
            throw ApiErrors.missingAccess();
        }
        if ((granted & Permission.MANAGE_WEBHOOKS.bit()) == 0) {
            throw ApiErrors.missingPermissions();
        }
    }

    static ApiException wrongChannelType() {
        return new ApiException(HttpStatus.BAD_REQUEST, 50024, "Cannot execute action on this channel type");
    }
}
