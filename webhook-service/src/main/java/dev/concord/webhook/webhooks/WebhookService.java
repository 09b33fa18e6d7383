package dev.concord.webhook.webhooks;

import dev.concord.platform.events.Outbox;
import dev.concord.platform.guilds.ChannelDirectory.ChannelPlace;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import dev.concord.webhook.webhooks.WebhookViews.Viewer;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Webhooks' lifecycle with the platform's rules: made in a guild channel by members holding
 * MANAGE_WEBHOOKS there (15 a channel, 1,000 a guild), read and changed by them or with the webhook's
 * token, moved only within the guild. Each change commits with its WEBHOOKS_UPDATE.
 */
@Service
final class WebhookService {

    static final int MAX_PER_CHANNEL = 15;
    static final int MAX_PER_GUILD = 1000;

    private final WebhookAccess access;
    private final WebhookStore store;
    private final WebhookViews views;
    private final WebhookAvatars avatars;
    private final WebhookTokens tokens;
    private final ExecutableWebhooks executable;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;

    WebhookService(
            WebhookAccess access,
            WebhookStore store,
            WebhookViews views,
            WebhookAvatars avatars,
            WebhookTokens tokens,
            ExecutableWebhooks executable,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids) {
        this.access = access;
        this.store = store;
        this.views = views;
        this.avatars = avatars;
        this.tokens = tokens;
        this.executable = executable;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
    }

    /** Who acts: a person, or an application through its bot or an OAuth2 grant. */
    record Actor(Snowflake userId, @Nullable Snowflake applicationId) {

        Viewer viewer() {
            return Viewer.of(applicationId);
        }
    }

    /** An incoming webhook in the channel, made by the actor (and belonging to its application, if any). */
    Mono<WebhookObject> create(Snowflake channelId, Actor actor, WebhookCreateRequest request) {
        String name = Objects.requireNonNull(request.name());
        return access.manageable(channelId, actor.userId())
                .flatMap(place -> {
                    Snowflake id = ids.next();
                    String avatarUri = Possible.valueOrNull(request.avatar());
                    Mono<Optional<String>> avatar = avatarUri == null
                            ? Mono.just(Optional.empty())
                            : avatars.store(id, avatarUri).map(Optional::of);
                    return avatar.flatMap(hash -> insert(new WebhookRow(
                            id,
                            WebhookRow.INCOMING,
                            guildOf(place),
                            channelId,
                            actor.userId(),
                            actor.applicationId(),
                            name,
                            hash.orElse(null),
                            tokens.generate(),
                            null)));
                })
                .flatMap(row -> views.one(row, actor.viewer()));
    }

    /** The answer to following a channel: the channel followed and the webhook that posts what it publishes. */
    record FollowedChannel(Snowflake channelId, Snowflake webhookId) {}

    /**
     * Follows an announcement channel the person sees into a text channel where they hold MANAGE_WEBHOOKS:
     * a channel follower webhook there (no token; named after the followed guild and channel, as the
     * platform names it), which posts each message published in the followed channel.
     */
    Mono<FollowedChannel> follow(Snowflake sourceChannelId, Actor actor, Snowflake targetChannelId) {
        return access.followable(sourceChannelId, actor.userId())
                .zipWith(access.manageable(targetChannelId, actor.userId()))
                .flatMap(found -> {
                    ChannelPlace target = found.getT2();
                    if (target.type() != WebhookAccess.TEXT) {
                        return Mono.error(WebhookAccess.wrongChannelType());
                    }
                    WebhookAccess.Followed source = found.getT1();
                    String name = source.guildName() + " #" + source.channelName();
                    return insert(new WebhookRow(
                            ids.next(),
                            WebhookRow.CHANNEL_FOLLOWER,
                            guildOf(target),
                            targetChannelId,
                            actor.userId(),
                            null,
                            name.length() > WebhookName.MAX ? name.substring(0, WebhookName.MAX) : name,
                            null,
                            null,
                            new WebhookRow.Source(
                                    source.guildId(),
                                    source.guildName(),
                                    source.guildIcon(),
                                    sourceChannelId,
                                    source.channelName())));
                })
                .map(row -> new FollowedChannel(sourceChannelId, row.id()));
    }

    Mono<List<WebhookObject>> inChannel(Snowflake channelId, Actor actor) {
        return access.manageable(channelId, actor.userId())
                .then(store.inChannel(channelId).collectList())
                .flatMap(rows -> views.list(rows, actor.viewer()));
    }

    Mono<List<WebhookObject>> inGuild(Snowflake guildId, Actor actor) {
        return access.requireInGuild(guildId, actor.userId())
                .then(store.inGuild(guildId).collectList())
                .flatMap(rows -> views.list(rows, actor.viewer()));
    }

    /** With MANAGE_WEBHOOKS in its channel, or by the application it belongs to. */
    Mono<WebhookObject> get(Snowflake id, Actor actor) {
        return existing(id)
                .flatMap(row -> row.ownedBy(actor.applicationId())
                        ? Mono.just(row)
                        : access.manageable(row.channelId(), actor.userId()).thenReturn(row))
                .flatMap(row -> views.one(row, actor.viewer()));
    }

    Mono<WebhookObject> getByToken(Snowflake id, String token) {
        return withToken(id, token).flatMap(row -> views.one(row, Viewer.BY_TOKEN));
    }

    /** Renames, changes the avatar, or moves to another channel of the guild (MANAGE_WEBHOOKS in both). */
    Mono<WebhookObject> modify(Snowflake id, Actor actor, WebhookModifyRequest request) {
        return existing(id)
                .flatMap(row -> access.manageable(row.channelId(), actor.userId())
                        .then(target(row, actor, request))
                        .flatMap(channel -> change(row, request, channel)))
                .flatMap(row -> views.one(row, actor.viewer()));
    }

    Mono<WebhookObject> modifyByToken(Snowflake id, String token, WebhookModifyRequest request) {
        request.validateWithToken();
        return withToken(id, token)
                .flatMap(row -> change(row, request, row.channelId()))
                .flatMap(row -> views.one(row, Viewer.BY_TOKEN));
    }

    Mono<Void> delete(Snowflake id, Actor actor) {
        return existing(id)
                .flatMap(row -> access.manageable(row.channelId(), actor.userId()))
                .then(remove(id));
    }

    Mono<Void> deleteByToken(Snowflake id, String token) {
        return withToken(id, token).then(remove(id));
    }

    private Mono<WebhookRow> insert(WebhookRow row) {
        Mono<WebhookRow> insert = store.lockGuild(row.guildId())
                .then(requireRoom(row.guildId(), row.channelId()))
                .then(store.insert(row))
                .then(outbox.append(WebhookEvents.updated(row.guildId(), row.channelId())))
                .thenReturn(row);
        return transactions.transactional(insert).onErrorResume(error -> avatars.remove(row.id(), row.avatar())
                .then(Mono.error(error)));
    }

    /** 30007 when the channel has its 15 webhooks, 30058 when the guild has its 1,000. */
    private Mono<Void> requireRoom(Snowflake guildId, Snowflake channelId) {
        return store.counts(guildId, channelId)
                .doOnNext(counts -> {
                    if (counts.inChannel() >= MAX_PER_CHANNEL) {
                        throw new ApiException(
                                HttpStatus.BAD_REQUEST,
                                30007,
                                "Maximum number of webhooks reached (" + MAX_PER_CHANNEL + ")");
                    }
                    if (counts.inGuild() >= MAX_PER_GUILD) {
                        throw new ApiException(
                                HttpStatus.BAD_REQUEST,
                                30058,
                                "Maximum number of webhooks per guild reached (" + MAX_PER_GUILD + ")");
                    }
                })
                .then();
    }

    /** The channel the webhook ends up in: its own, or a channel of the same guild it moves to. */
    private Mono<Snowflake> target(WebhookRow row, Actor actor, WebhookModifyRequest request) {
        Snowflake moveTo = request.channelId().orNull();
        if (moveTo == null || moveTo.equals(row.channelId())) {
            return Mono.just(row.channelId());
        }
        return access.manageable(moveTo, actor.userId()).map(place -> {
            if (!row.guildId().equals(place.guildId())) {
                throw new Violations()
                        .add("channel_id", "CHANNEL_NOT_IN_GUILD", "The channel must be in the webhook's guild.")
                        .toException();
            }
            return moveTo;
        });
    }

    private Mono<WebhookRow> change(WebhookRow row, WebhookModifyRequest request, Snowflake channelId) {
        String avatarUri = Possible.valueOrNull(request.avatar());
        Mono<Optional<String>> avatar = request.avatar().isAbsent()
                ? Mono.just(Optional.ofNullable(row.avatar()))
                : avatarUri == null
                        ? Mono.just(Optional.empty())
                        : avatars.store(row.id(), avatarUri).map(Optional::of);
        return avatar.flatMap(hash -> {
            WebhookRow changed = row.withChanges(request.name().orElse(row.name()), hash.orElse(null), channelId);
            boolean moves = !channelId.equals(row.channelId());
            Mono<Void> room =
                    moves ? store.lockGuild(row.guildId()).then(requireRoom(row.guildId(), channelId)) : Mono.empty();
            Mono<WebhookRow> update = room.then(store.update(changed))
                    .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.WEBHOOK)))
                    .flatMap(updated -> outbox.append(WebhookEvents.updated(updated.guildId(), updated.channelId()))
                            .then(
                                    moves
                                            ? outbox.append(WebhookEvents.updated(row.guildId(), row.channelId()))
                                            : Mono.empty())
                            .thenReturn(updated));
            return transactions
                    .transactional(update)
                    .doOnSuccess(updated -> executable.forget(row.id()))
                    .flatMap(updated -> Objects.equals(row.avatar(), updated.avatar())
                            ? Mono.just(updated)
                            : avatars.remove(row.id(), row.avatar()).thenReturn(updated));
        });
    }

    private Mono<Void> remove(Snowflake id) {
        Mono<WebhookRow> deletion = store.delete(id)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.WEBHOOK)))
                .flatMap(row -> outbox.append(WebhookEvents.updated(row.guildId(), row.channelId()))
                        .thenReturn(row));
        return transactions
                .transactional(deletion)
                .doOnSuccess(row -> executable.forget(id))
                .flatMap(row -> avatars.remove(row.id(), row.avatar()));
    }

    private Mono<WebhookRow> existing(Snowflake id) {
        return store.find(id).switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.WEBHOOK)));
    }

    /** The webhook if {@code token} is its own: 10015 for no such webhook, 401 50027 for a wrong token. */
    private Mono<WebhookRow> withToken(Snowflake id, String token) {
        return existing(id).map(row -> row.requireToken(token));
    }

    private static Snowflake guildOf(ChannelPlace place) {
        return Objects.requireNonNull(place.guildId(), "webhook channels are guild channels");
    }
}
