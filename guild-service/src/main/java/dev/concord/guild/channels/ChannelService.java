package dev.concord.guild.channels;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.voice.regions.VoiceRegions;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Guild channels: who may see and make them, and the events that tell members. */
@Service
final class ChannelService {

    private final ChannelStore store;
    private final GuildAccesses accesses;
    private final ChannelAccesses channelAccesses;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;
    private final VoiceRegions regions;

    private final List<ChannelRemovalListener> removalListeners;

    ChannelService(
            ChannelStore store,
            GuildAccesses accesses,
            ChannelAccesses channelAccesses,
            Outbox outbox,
            TransactionalOperator transactions,
            SnowflakeGenerator ids,
            Clock clock,
            VoiceRegions regions,
            List<ChannelRemovalListener> removalListeners) {
        this.removalListeners = List.copyOf(removalListeners);
        this.store = store;
        this.accesses = accesses;
        this.channelAccesses = channelAccesses;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
        this.regions = regions;
    }

    /**
     * Creates a channel for a member with MANAGE_CHANNELS. Overwrites need MANAGE_ROLES too, and may
     * only allow or deny what the member holds themselves (owners and administrators hold everything).
     */
    Mono<ChannelData> create(Snowflake guildId, Snowflake userId, ChannelCreateRequest request) {
        Snowflake channelId = ids.next();
        int type = request.typeOrText();
        Mono<ChannelData> created = accesses.load(guildId, userId, true)
                .flatMap(access -> checkCreate(access, request))
                .then(checkParent(guildId, request.parentId().orNull()))
                .then(store.insert(
                        guildId,
                        channelId,
                        request,
                        type,
                        ForumFields.tags(Possible.valueOrNull(request.availableTags()), List.of(), ids)))
                .then(store.find(channelId))
                .flatMap(channel ->
                        outbox.append(ChannelEvents.channelCreate(channel)).thenReturn(channel));
        return transactions.transactional(created);
    }

    /** The guild's channels, for its members. */
    Flux<ChannelData> list(Snowflake guildId, Snowflake userId) {
        return accesses.load(guildId, userId, false).thenMany(store.list(guildId));
    }

    /** One channel, for members who can view it; others get 403 50001, as if it were hidden. */
    Mono<ChannelData> get(Snowflake channelId, Snowflake userId) {
        return channelAccesses.loadVisible(channelId, userId, false).map(ChannelAccess::channel);
    }

    /**
     * Applies a PATCH for a member with MANAGE_CHANNELS in the channel; replacing overwrites needs
     * MANAGE_ROLES there too, within what the member holds in it.
     */
    Mono<ChannelData> modify(Snowflake channelId, Snowflake userId, ChannelModifyRequest request) {
        Mono<ChannelData> change = channelAccesses
                .loadVisible(channelId, userId, true)
                .flatMap(context -> {
                    ChannelData channel = context.channel();
                    Violations violations = new Violations();
                    request.validate(violations, channel.type());
                    violations.throwIfAny();
                    long held = context.require(Permission.MANAGE_CHANNELS);
                    checkRegion(context.access(), Possible.valueOrNull(request.rtcRegion()));
                    Mono<Void> overwritesCheck = Mono.empty();
                    if (request.permissionOverwrites().isPresent()) {
                        context.require(Permission.MANAGE_ROLES);
                        overwritesCheck = checkOverwrites(
                                context.access(),
                                held,
                                request.permissionOverwrites().get());
                    }
                    Mono<Void> parentCheck = overwritesCheck.then(
                            checkParent(channel.guildId(), Possible.valueOrNull(request.parentId())));
                    List<ColumnChanges.Change> changes = ChannelChanges.of(request, channel, tags(request, channel));
                    boolean overwritesChange = request.permissionOverwrites().isPresent();
                    if (changes.isEmpty() && !overwritesChange) {
                        return parentCheck.thenReturn(channel);
                    }
                    return parentCheck
                            .then(store.update(channelId, changes))
                            .then(
                                    overwritesChange
                                            ? store.replaceOverwrites(
                                                    channelId,
                                                    request.permissionOverwrites()
                                                            .get())
                                            : Mono.empty())
                            .then(store.find(channelId))
                            .flatMap(updated -> updated.equals(channel)
                                    ? Mono.just(updated)
                                    : outbox.append(ChannelEvents.channelUpdate(updated))
                                            .thenReturn(updated));
                });
        return transactions.transactional(change);
    }

    /** The tags a PATCH sends, with the ids they keep or get; null when it sends none. */
    private @Nullable List<ForumTag> tags(ChannelModifyRequest request, ChannelData channel) {
        if (!request.availableTags().isPresent()) {
            return null;
        }
        return ForumFields.tags(
                Possible.valueOrNull(request.availableTags()),
                channel.availableTags().orElse(List.of()),
                ids);
    }

    /**
     * Deletes a channel for a member with MANAGE_CHANNELS in it, and answers with the channel as it was.
     * A category's channels stay, each with a CHANNEL_UPDATE saying it has no parent now.
     */
    Mono<ChannelData> delete(Snowflake channelId, Snowflake userId) {
        Mono<ChannelData> deletion = channelAccesses
                .loadVisible(channelId, userId, true)
                .flatMap(context -> {
                    context.require(Permission.MANAGE_CHANNELS);
                    ChannelData channel = context.channel();
                    // Orphaned channels changed too (no parent now): clients hear of each, as on the platform.
                    return store.delete(channel.guildId(), channelId)
                            .collectList()
                            .flatMap(orphans -> ChannelEvents.updates(store, orphans))
                            .flatMap(outbox::appendAll)
                            .then(Flux.fromIterable(removalListeners)
                                    .concatMap(listener -> listener.channelRemoved(channel))
                                    .then())
                            .then(outbox.append(ChannelEvents.channelDelete(channel)))
                            .thenReturn(channel);
                });
        return transactions.transactional(deletion);
    }

    /**
     * Creates or replaces one overwrite: MANAGE_ROLES in the channel, within what the member holds in it.
     * A target that is not a role (type 0) or member (type 1) of the guild is 404 10009, as on the
     * platform.
     */
    Mono<Void> putOverwrite(Snowflake channelId, Snowflake targetId, Snowflake userId, OverwriteRequest overwrite) {
        Mono<Void> put = channelAccesses.loadVisible(channelId, userId, true).flatMap(context -> {
            long held = context.require(Permission.MANAGE_ROLES);
            requireHeld(held, List.of(overwrite));
            return unknownTargets(context.access(), List.of(overwrite))
                    .flatMap(unknown -> unknown.isEmpty()
                            ? store.putOverwrite(
                                            channelId,
                                            targetId,
                                            overwrite.type(),
                                            overwrite.allowBits(),
                                            overwrite.denyBits())
                                    .then(publishUpdate(channelId))
                            : Mono.error(ApiErrors.unknown(Unknown.OVERWRITE)));
        });
        return transactions.transactional(put);
    }

    /** Deletes one overwrite: MANAGE_ROLES in the channel; 404 10009 when there is none for the target. */
    Mono<Void> deleteOverwrite(Snowflake channelId, Snowflake targetId, Snowflake userId) {
        Mono<Void> deletion = channelAccesses
                .loadVisible(channelId, userId, true)
                .flatMap(context -> {
                    context.require(Permission.MANAGE_ROLES);
                    return store.deleteOverwrite(channelId, targetId)
                            .flatMap(deleted -> deleted
                                    ? publishUpdate(channelId)
                                    : Mono.error(ApiErrors.unknown(Unknown.OVERWRITE)));
                });
        return transactions.transactional(deletion);
    }

    private Mono<Void> publishUpdate(Snowflake channelId) {
        return store.find(channelId).flatMap(channel -> outbox.append(ChannelEvents.channelUpdate(channel)));
    }

    /**
     * A channel's overwrites may only allow or deny bits the member holds (403 50013), and each must name
     * a role (type 0) or a member (type 1) of the guild (50035 naming the entry's {@code id}).
     */
    private Mono<Void> checkOverwrites(GuildAccess access, long held, List<OverwriteRequest> overwrites) {
        requireHeld(held, overwrites);
        return unknownTargets(access, overwrites).flatMap(unknown -> {
            Violations violations = new Violations();
            for (int i : unknown) {
                Violations entry = violations.at("permission_overwrites").at(i);
                if (overwrites.get(i).type() == 0) {
                    GuildErrors.unknownRole(entry, "id");
                } else {
                    GuildErrors.unknownMember(entry, "id");
                }
            }
            violations.throwIfAny();
            return Mono.empty();
        });
    }

    private static void requireHeld(long held, List<OverwriteRequest> overwrites) {
        for (OverwriteRequest overwrite : overwrites) {
            if (((overwrite.allowBits() | overwrite.denyBits()) & ~held) != 0) {
                throw ApiErrors.missingPermissions();
            }
        }
    }

    /** The indexes of the overwrites that name no role (type 0) or no member (type 1) of the guild. */
    private Mono<List<Integer>> unknownTargets(GuildAccess access, List<OverwriteRequest> overwrites) {
        List<Snowflake> users = overwrites.stream()
                .filter(overwrite -> overwrite.type() == 1)
                .map(OverwriteRequest::id)
                .toList();
        Mono<Set<Snowflake>> members = users.isEmpty()
                ? Mono.just(Set.of())
                : store.membersAmong(access.guild().id(), users);
        return members.map(found -> IntStream.range(0, overwrites.size())
                .filter(i -> {
                    OverwriteRequest overwrite = overwrites.get(i);
                    return overwrite.type() == 0
                            ? access.permissions().role(overwrite.id().value()) == null
                            : !found.contains(overwrite.id());
                })
                .boxed()
                .toList());
    }

    private Mono<GuildAccess> checkCreate(GuildAccess access, ChannelCreateRequest request) {
        access.require(Permission.MANAGE_CHANNELS, clock.instant());
        checkRegion(access, Possible.valueOrNull(request.rtcRegion()));
        List<OverwriteRequest> overwrites = request.permissionOverwrites().orElse(List.of());
        if (overwrites.isEmpty()) {
            return Mono.just(access);
        }
        access.require(Permission.MANAGE_ROLES, clock.instant());
        return checkOverwrites(access, access.permissions().base(access.member(), clock.instant()), overwrites)
                .thenReturn(access);
    }

    /** A voice channel's {@code rtc_region}, when one is named, must be a region the guild may use (400 BASE_TYPE_CHOICES). */
    private void checkRegion(GuildAccess access, @Nullable String region) {
        new Violations()
                .oneOf("rtc_region", region, regions.ids(access.guild()))
                .throwIfAny();
    }

    /** A parent, when one is named, must be a category of the same guild. */
    private Mono<Void> checkParent(Snowflake guildId, @Nullable Snowflake parentId) {
        if (parentId == null) {
            return Mono.empty();
        }
        return store.typeOf(guildId, parentId)
                .filter(type -> type == ChannelType.CATEGORY)
                .switchIfEmpty(Mono.error(GuildErrors::parentNotCategory))
                .then();
    }
}
