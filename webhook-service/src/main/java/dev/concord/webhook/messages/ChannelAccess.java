package dev.concord.webhook.messages;

import dev.concord.platform.guilds.ChannelDirectory;
import dev.concord.platform.guilds.ChannelDirectory.ChannelPlace;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.webhook.messages.MessageEvents.EventMembers;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A channel as one user acts in it: where it is (guild-service, kept) and their permissions there
 * (guild-service's engine, cached briefly and dropped on the guild's events); in a DM, its recipients.
 */
@Component
final class ChannelAccess {

    /** Mentioned members looked up at once (guild-service is asked only for those not kept). */
    private static final int MEMBER_LOOKUPS = 8;

    /** Channel types that hold messages: text, DMs, voice and stage chat, announcements, threads. */
    static final Set<Integer> TEXT_TYPES = Set.of(0, 1, 2, 3, 5, 10, 11, 12, 13);

    /**
     * What a recipient may do in a DM: read, write, embed, attach, react. Nobody manages another's
     * messages there, and @everyone names no one.
     */
    static final long IN_DIRECT_MESSAGES = Permission.bits(
            Permission.VIEW_CHANNEL,
            Permission.SEND_MESSAGES,
            Permission.SEND_TTS_MESSAGES,
            Permission.READ_MESSAGE_HISTORY,
            Permission.EMBED_LINKS,
            Permission.ATTACH_FILES,
            Permission.ADD_REACTIONS);

    /**
     * What a webhook may do where it posts: write, with embeds, files and text-to-speech, and mention
     * anyone, @everyone included (the platform holds webhooks to no member's permissions); it reads only
     * its own messages.
     */
    static final long AS_WEBHOOK = Permission.bits(
            Permission.VIEW_CHANNEL,
            Permission.SEND_MESSAGES,
            Permission.SEND_TTS_MESSAGES,
            Permission.EMBED_LINKS,
            Permission.ATTACH_FILES,
            Permission.MENTION_EVERYONE,
            Permission.READ_MESSAGE_HISTORY);

    private static final Logger log = LoggerFactory.getLogger(ChannelAccess.class);

    private final ChannelDirectory channels;
    private final GuildAuthorization authorization;

    ChannelAccess(ChannelDirectory channels, GuildAuthorization authorization) {
        this.channels = channels;
        this.authorization = authorization;
    }

    /** The user (or a webhook: {@code userId} its id) in the channel: what they may do there. */
    record InChannel(ChannelPlace place, Snowflake userId, long permissions, boolean webhook) {

        InChannel(ChannelPlace place, Snowflake userId, long permissions) {
            this(place, userId, permissions, false);
        }

        /** The channel's guild; null for a DM. */
        @Nullable
        Snowflake guildId() {
            return place.guildId();
        }

        boolean isDirect() {
            return place.guildId() == null;
        }

        boolean has(Permission permission) {
            return (permissions & permission.bit()) != 0;
        }

        /** 403 50013 unless they hold every one of {@code required}. */
        InChannel require(Permission... required) {
            long bits = Permission.bits(required);
            if ((permissions & bits) != bits) {
                throw ApiErrors.missingPermissions();
            }
            return this;
        }

        /** 400 50008 for a channel that holds no messages (a category, a forum's own list, a directory). */
        InChannel requireText() {
            if (!TEXT_TYPES.contains(place.type())) {
                throw new ApiException(HttpStatus.BAD_REQUEST, 50008, "Cannot send messages in a non-text channel");
            }
            return this;
        }
    }

    /**
     * A DM or group DM as the platform itself posts in it, for {@code authorId}, who need not be a recipient
     * still (a call's message outlives its caller's place in a group); 404 10003 for no such channel, and
     * for a guild's channel, where the platform posts nothing on its own here.
     */
    Mono<InChannel> asPlatformInPrivateChannel(Snowflake channelId, Snowflake authorId) {
        return asPlatform(channelId, authorId, place -> place.guildId() == null, IN_DIRECT_MESSAGES);
    }

    /**
     * A channel of {@code guildId} as the platform itself posts in it (an auto moderation alert, by the
     * member whose message triggered it); 404 10003 for no such channel or one of another guild.
     */
    Mono<InChannel> asPlatformInGuildChannel(Snowflake channelId, Snowflake guildId, Snowflake authorId) {
        return asPlatform(channelId, authorId, place -> guildId.equals(place.guildId()), Permission.ALL);
    }

    private Mono<InChannel> asPlatform(
            Snowflake channelId, Snowflake authorId, Predicate<ChannelPlace> where, long permissions) {
        return channels.place(channelId)
                .filter(where)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                .map(place -> new InChannel(place, authorId, permissions));
    }

    /** A DM of two comes back to whoever of its recipients had closed it (guild-service's). */
    Mono<Void> reopen(InChannel in) {
        return channels.reopen(in.place().id());
    }

    /**
     * What a message's MESSAGE_CREATE or MESSAGE_UPDATE carries of members in a guild: its author's and each
     * mentioned user's who is a member (kept per guild like the permissions, so a mention costs a lookup only
     * once per guild change); nothing in a DM.
     */
    Mono<EventMembers> eventMembers(InChannel in, List<PartialUser> mentions) {
        Snowflake guildId = in.guildId();
        if (guildId == null) {
            return Mono.just(EventMembers.NONE);
        }
        Mono<Map<Snowflake, JsonNode>> mentioned = Flux.fromIterable(mentions)
                .map(PartialUser::id)
                .distinct()
                .flatMap(id -> authorization.member(guildId, id).map(member -> Map.entry(id, member)), MEMBER_LOOKUPS)
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
        return Mono.zip(member(in), mentioned, EventMembers::new);
    }

    /**
     * The user's member object in the channel's guild (without its user), as MESSAGE_CREATE and
     * MESSAGE_UPDATE carry their author's; none in a DM, or when they are no longer a member.
     */
    Mono<Optional<JsonNode>> member(InChannel in) {
        Snowflake guildId = in.guildId();
        if (guildId == null || in.webhook()) {
            return Mono.just(Optional.empty());
        }
        return authorization.member(guildId, in.userId()).map(Optional::of).defaultIfEmpty(Optional.empty());
    }

    /** A webhook in the channel it posts to. */
    Mono<InChannel> asWebhook(Snowflake channelId, Snowflake webhookId) {
        return channels.place(channelId).map(place -> new InChannel(place, webhookId, AS_WEBHOOK, true));
    }

    /** A webhook in a thread of the channel it posts to ({@code thread_id}); 404 10003 for any other channel. */
    Mono<InChannel> asWebhookInThread(Snowflake webhookChannelId, Snowflake threadId, Snowflake webhookId) {
        return channels.place(threadId)
                .filter(place -> place.isThread() && webhookChannelId.equals(place.parentId()))
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                .map(place -> new InChannel(place, webhookId, AS_WEBHOOK, true));
    }

    /**
     * Before a message is stored in a thread, guild-service hears of it: a locked thread refuses it (403
     * 50013) unless its author manages threads, an archived one opens again, a member who writes joins it.
     * Nothing to do elsewhere.
     */
    Mono<Void> beforeMessage(InChannel in, Snowflake messageId) {
        if (!in.place().isThread()) {
            return Mono.empty();
        }
        return channels.threadMessage(
                        in.place().id(),
                        messageId,
                        in.webhook() ? null : in.userId(),
                        in.has(Permission.MANAGE_THREADS))
                .then();
    }

    /**
     * Messages of the channel were deleted (committed; none is nothing to tell): in a thread, guild-service takes them off its
     * {@code message_count}. The deletion stands whatever it answers, so a failure is logged, not passed
     * on: the count is then one too high until the thread goes.
     */
    Mono<Void> afterDeleted(InChannel in, List<Snowflake> messageIds) {
        if (!in.place().isThread() || messageIds.isEmpty()) {
            return Mono.empty();
        }
        return channels.threadMessagesDeleted(in.place().id(), messageIds).onErrorResume(failure -> {
            log.warn(
                    "thread {} kept {} deleted messages in its count: {}",
                    in.place().id(),
                    messageIds.size(),
                    failure.toString());
            return Mono.empty();
        });
    }

    /**
     * Starts a thread under the channel (guild-service's rules and refusals, docs/internal-api.md): a
     * member's ({@code user_id}) or a webhook's forum post ({@code webhook_id}). The thread as answered.
     */
    Mono<JsonNode> startThread(Snowflake parentId, Map<String, Object> body) {
        return channels.startThread(parentId, body);
    }

    /**
     * The user in the channel, who must see it: 404 10003 for no such channel, 403 50001 when they are not
     * a member of its guild or lack VIEW_CHANNEL, or are not one of a DM's recipients.
     */
    Mono<InChannel> load(Snowflake channelId, Snowflake userId) {
        return channels.place(channelId).flatMap(place -> {
            Snowflake guildId = place.guildId();
            if (guildId == null) {
                return place.recipientIds().contains(userId)
                        ? Mono.just(new InChannel(place, userId, IN_DIRECT_MESSAGES))
                        : Mono.error(ApiErrors.missingAccess());
            }
            return authorization
                    .permissions(guildId, channelId, userId)
                    .filter(granted -> (granted & Permission.VIEW_CHANNEL.bit()) != 0)
                    .switchIfEmpty(Mono.error(ApiErrors::missingAccess))
                    .map(granted -> new InChannel(place, userId, granted));
        });
    }
}
