package dev.concord.webhook.messages;

import dev.concord.platform.events.Outbox;
import dev.concord.platform.guilds.CustomEmojis;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.webhook.messages.ChannelAccess.InChannel;
import dev.concord.webhook.messages.ReactionView.EmojiView;
import java.util.List;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reactions to messages: whoever reads a channel's history reacts (ADD_REACTIONS for an emoji not yet on
 * the message, USE_EXTERNAL_EMOJIS for another guild's custom emoji), takes their reaction off and lists who
 * reacted; MANAGE_MESSAGES takes others' off. Each change and its event commit together; one that changes
 * nothing sends nothing.
 */
@Component
class ReactionService {

    /** Distinct emoji a message holds at most. */
    static final int MAX_EMOJI = 20;

    private final ChannelAccess access;
    private final MessageStore messages;
    private final Reactions reactions;
    private final CustomEmojis customEmojis;
    private final UserDirectory users;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final JsonMapper mapper;

    ReactionService(
            ChannelAccess access,
            MessageStore messages,
            Reactions reactions,
            CustomEmojis customEmojis,
            UserDirectory users,
            Outbox outbox,
            TransactionalOperator transactions,
            JsonMapper mapper) {
        this.access = access;
        this.messages = messages;
        this.reactions = reactions;
        this.customEmojis = customEmojis;
        this.users = users;
        this.outbox = outbox;
        this.transactions = transactions;
        this.mapper = mapper;
    }

    private record Reacted(InChannel in, MessageRow message) {}

    /** Adds the user's reaction; nothing (and no event) when it is already there. */
    Mono<Void> add(Snowflake userId, Snowflake channelId, Snowflake messageId, ReactionEmoji emoji) {
        return reacted(channelId, messageId, userId).flatMap(found -> shown(found.in(), emoji)
                .flatMap(shown -> memberWithUser(found.in()).flatMap(member -> {
                    Mono<Void> change = reactions
                            .lockMessage(channelId, messageId)
                            .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MESSAGE)))
                            .then(reactions.emojiKeys(messageId))
                            .flatMap(keys -> {
                                if (!keys.contains(emoji.key())) {
                                    found.in().require(Permission.ADD_REACTIONS);
                                    if (keys.size() >= MAX_EMOJI) {
                                        throw new ApiException(
                                                HttpStatus.BAD_REQUEST,
                                                30010,
                                                "Maximum number of reactions reached (" + MAX_EMOJI + ")");
                                    }
                                }
                                return reactions.add(
                                        channelId, messageId, userId, emojiAsShown(emoji, shown), animated(shown));
                            })
                            .flatMap(added -> added
                                    ? outbox.append(ReactionEvents.added(
                                            found.in().place(),
                                            messageId,
                                            found.message().authorId(),
                                            userId,
                                            shown,
                                            member.orElse(null)))
                                    : Mono.empty());
                    return transactions.transactional(change);
                })));
    }

    /**
     * Takes {@code userId}'s reaction off: their own, or anyone's with MANAGE_MESSAGES (none in a DM); 404
     * 10013 for an id that names no user.
     */
    Mono<Void> remove(
            Snowflake actorId, Snowflake channelId, Snowflake messageId, ReactionEmoji emoji, Snowflake userId) {
        return reacted(channelId, messageId, actorId).flatMap(found -> {
            Mono<PartialUser> reactor = Mono.empty();
            if (!userId.equals(actorId)) {
                found.in().require(Permission.MANAGE_MESSAGES);
                reactor = users.find(userId).switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.USER)));
            }
            Mono<Void> change = reactions
                    .remove(messageId, emoji.key(), userId)
                    .flatMap(gone ->
                            outbox.append(ReactionEvents.removed(found.in().place(), messageId, userId, gone)));
            return reactor.then(transactions.transactional(change));
        });
    }

    /** Takes every reaction of the message off (MANAGE_MESSAGES). */
    Mono<Void> removeAll(Snowflake actorId, Snowflake channelId, Snowflake messageId) {
        return reacted(channelId, messageId, actorId).flatMap(found -> {
            found.in().require(Permission.MANAGE_MESSAGES);
            Mono<Void> change = reactions
                    .removeAll(messageId)
                    .filter(removed -> removed > 0)
                    .flatMap(removed ->
                            outbox.append(ReactionEvents.removedAll(found.in().place(), messageId)));
            return transactions.transactional(change);
        });
    }

    /** Takes every reaction with the emoji off (MANAGE_MESSAGES). */
    Mono<Void> removeEmoji(Snowflake actorId, Snowflake channelId, Snowflake messageId, ReactionEmoji emoji) {
        return reacted(channelId, messageId, actorId).flatMap(found -> {
            found.in().require(Permission.MANAGE_MESSAGES);
            Mono<Void> change = reactions
                    .removeEmoji(messageId, emoji.key())
                    .flatMap(gone ->
                            outbox.append(ReactionEvents.removedEmoji(found.in().place(), messageId, gone)));
            return transactions.transactional(change);
        });
    }

    /** Who reacted with the emoji, 1-100 after an id, in id order. */
    Mono<List<PartialUser>> users(
            Snowflake reader, Snowflake channelId, Snowflake messageId, ReactionEmoji emoji, long after, int limit) {
        return reacted(channelId, messageId, reader)
                .flatMapMany(found -> reactions.users(messageId, emoji.key(), after, limit))
                .collectList()
                .flatMap(ids -> users.require(ids)
                        .map(found -> ids.stream().map(found::get).toList()));
    }

    /** The message where the user reads the channel's history: 404 10008 for none (or an ephemeral one). */
    private Mono<Reacted> reacted(Snowflake channelId, Snowflake messageId, Snowflake userId) {
        return access.load(channelId, userId)
                .map(in -> in.require(Permission.READ_MESSAGE_HISTORY))
                .flatMap(in -> messages.find(channelId, messageId)
                        .filter(row -> !row.isEphemeral())
                        .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MESSAGE)))
                        .map(row -> new Reacted(in, row)));
    }

    /**
     * The emoji as a reaction shows it. A custom one must exist (404 10014 otherwise, guild-service's) and
     * be the guild's own or, with USE_EXTERNAL_EMOJIS, another's; in a DM any may be used. One the user may
     * not use (unavailable beyond its guild's boost tier, or locked to roles they do not hold) is 400 10014,
     * as the platform answers for an emoji that is not one the user can pick.
     */
    private Mono<EmojiView> shown(InChannel in, ReactionEmoji emoji) {
        Snowflake id = emoji.id();
        if (id == null) {
            return Mono.just(EmojiView.of(null, emoji.name(), false));
        }
        return customEmojis.find(id, in.userId()).map(found -> {
            if (!found.usable()) {
                throw new ApiException(HttpStatus.BAD_REQUEST, Unknown.EMOJI.code(), Unknown.EMOJI.message());
            }
            boolean own = found.guildId() != null && found.guildId().equals(in.guildId());
            if (!own && !in.isDirect()) {
                in.require(Permission.USE_EXTERNAL_EMOJIS);
            }
            return EmojiView.of(found.id(), found.name(), found.animated());
        });
    }

    /** The emoji to store: a custom one under its own name, not the one the path gave. */
    private static ReactionEmoji emojiAsShown(ReactionEmoji emoji, EmojiView shown) {
        return new ReactionEmoji(emoji.id(), shown.name());
    }

    private static boolean animated(EmojiView shown) {
        return Boolean.TRUE.equals(shown.animated());
    }

    /** The reactor's member object with its user, as MESSAGE_REACTION_ADD carries it in a guild. */
    private Mono<Optional<JsonNode>> memberWithUser(InChannel in) {
        if (in.isDirect()) {
            return Mono.just(Optional.empty());
        }
        return access.member(in).flatMap(member -> {
            if (member.isEmpty() || !(member.get() instanceof ObjectNode found)) {
                return Mono.just(Optional.<JsonNode>empty());
            }
            return users.require(in.userId()).map(user -> {
                ObjectNode withUser = found.deepCopy();
                withUser.set("user", mapper.valueToTree(user));
                return Optional.<JsonNode>of(withUser);
            });
        });
    }
}
