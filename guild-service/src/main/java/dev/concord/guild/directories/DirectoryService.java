package dev.concord.guild.directories;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.PrefixSearch;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.channels.ChannelAccess;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.guild.channels.ChannelType;
import dev.concord.guild.scheduledevents.GuildScheduledEvents;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A directory channel's entries. Everything needs VIEW_CHANNEL on the directory (a channel of type 14;
 * 50024 for another kind); listing, creating, changing and removing an entity's entry also needs
 * MANAGE_GUILD in the entity's guild (the guild listed, or the event's). An entity is listed once per
 * directory; one gone (a guild or event deleted) is left out of the answers.
 */
@Service
final class DirectoryService {

    private final DirectoryStore store;
    private final DirectoryViews views;
    private final ChannelAccesses channels;
    private final GuildAccesses accesses;
    private final GuildScheduledEvents events;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final Clock clock;

    DirectoryService(
            DirectoryStore store,
            DirectoryViews views,
            ChannelAccesses channels,
            GuildAccesses accesses,
            GuildScheduledEvents events,
            Outbox outbox,
            TransactionalOperator transactions,
            Clock clock) {
        this.store = store;
        this.views = views;
        this.channels = channels;
        this.accesses = accesses;
        this.events = events;
        this.outbox = outbox;
        this.transactions = transactions;
        this.clock = clock;
    }

    Mono<List<DirectoryEntryData>> list(
            Snowflake channelId, Snowflake userId, @Nullable Integer type, @Nullable Integer categoryId) {
        return directory(channelId, userId)
                .flatMap(directory -> store.list(channelId, type, categoryId).collectList())
                .flatMap(entries -> views.of(entries, userId));
    }

    /** The entries of these entities, without their guilds and events. */
    Mono<List<DirectoryEntryData>> partial(Snowflake channelId, Snowflake userId, List<Snowflake> entityIds) {
        return directory(channelId, userId)
                .flatMap(directory -> entityIds.isEmpty()
                        ? Mono.just(List.<DirectoryEntryRow>of())
                        : store.ofEntities(channelId, entityIds).collectList())
                .map(entries ->
                        entries.stream().map(DirectoryEntryData::partial).toList());
    }

    /** How many entries each primary category has: {@code {"<category>": count}}. */
    Mono<Map<Integer, Long>> counts(Snowflake channelId, Snowflake userId) {
        return directory(channelId, userId).flatMap(directory -> store.counts(channelId));
    }

    Mono<List<DirectoryEntryData>> search(
            Snowflake channelId, Snowflake userId, String query, @Nullable Integer type, @Nullable Integer categoryId) {
        String tsquery = PrefixSearch.tsquery(query);
        return directory(channelId, userId)
                .flatMap(directory -> tsquery == null
                        ? Mono.just(List.<DirectoryEntryRow>of())
                        : store.search(channelId, tsquery, type, categoryId).collectList())
                .flatMap(entries -> views.of(entries, userId));
    }

    Mono<DirectoryEntryData> get(Snowflake channelId, Snowflake entityId, Snowflake userId) {
        return directory(channelId, userId)
                .flatMap(directory -> existing(channelId, entityId))
                .flatMap(entry -> views.of(entry, userId))
                .switchIfEmpty(Mono.error(DirectoryService::unknownEntry));
    }

    Mono<DirectoryEntryData> create(
            Snowflake channelId, Snowflake entityId, Snowflake userId, DirectoryEntryRequest request) {
        int type = request.typeOrGuild();
        Mono<DirectoryEntryData> creation = directory(channelId, userId)
                .flatMap(directory -> requireManager(type, entityId, userId).thenReturn(directory))
                .flatMap(directory -> {
                    DirectoryEntryRow entry = new DirectoryEntryRow(
                            channelId,
                            directory.channel().guildId(),
                            entityId,
                            type,
                            request.primaryCategoryId().orElse(0),
                            described(Possible.valueOrNull(request.description())),
                            userId,
                            clock.instant().truncatedTo(ChronoUnit.MILLIS));
                    return store.insert(entry)
                            .flatMap(added -> added
                                    ? views.of(entry, userId)
                                            .flatMap(shown -> outbox.append(DirectoryEvents.created(entry, shown))
                                                    .thenReturn(shown))
                                    : Mono.error(alreadyListed()));
                });
        return transactions.transactional(creation);
    }

    Mono<DirectoryEntryData> modify(
            Snowflake channelId, Snowflake entityId, Snowflake userId, DirectoryEntryRequest request) {
        Mono<DirectoryEntryData> change = directory(channelId, userId)
                .flatMap(directory -> existing(channelId, entityId))
                .flatMap(entry -> requireManager(entry.type(), entityId, userId).thenReturn(entry))
                .flatMap(entry -> {
                    DirectoryEntryRow after = entry.changed(
                            request.primaryCategoryId().orElse(entry.primaryCategoryId()),
                            request.description().isPresent()
                                    ? described(Possible.valueOrNull(request.description()))
                                    : entry.description());
                    if (after.equals(entry)) {
                        return views.of(entry, userId);
                    }
                    return store.update(after).then(views.of(after, userId)).flatMap(shown -> outbox.append(
                                    DirectoryEvents.updated(after, shown))
                            .thenReturn(shown));
                });
        return transactions.transactional(change);
    }

    Mono<Void> delete(Snowflake channelId, Snowflake entityId, Snowflake userId) {
        Mono<Void> deletion = directory(channelId, userId)
                .flatMap(directory -> existing(channelId, entityId))
                .flatMap(entry -> requireManager(entry.type(), entityId, userId)
                        .then(store.delete(channelId, entityId))
                        .then(outbox.append(DirectoryEvents.deleted(entry))));
        return transactions.transactional(deletion);
    }

    /**
     * Whether the guild may broadcast its events to the directories it is listed in (it is listed somewhere
     * and the member manages it), and with {@code entityId} whether that entity is listed already.
     */
    Mono<Map<String, Object>> broadcast(Snowflake guildId, Snowflake userId, int type, @Nullable Snowflake entityId) {
        return accesses.load(guildId, userId, false).flatMap(access -> {
            boolean manages = access.has(Permission.MANAGE_GUILD, clock.instant());
            Mono<Boolean> listed = store.listedAnywhere(DirectoryEntryRow.GUILD, guildId);
            Mono<Boolean> broadcast = entityId == null ? Mono.just(false) : store.listedAnywhere(type, entityId);
            return Mono.zip(listed, broadcast)
                    .map(read -> entityId == null
                            ? Map.<String, Object>of("can_broadcast", manages && read.getT1())
                            : Map.<String, Object>of(
                                    "can_broadcast", manages && read.getT1(), "has_broadcast", read.getT2()));
        });
    }

    /** The directory channel as the member sees it: 404 10003 for none, 403 50001 unseen, 50024 another kind. */
    private Mono<ChannelAccess> directory(Snowflake channelId, Snowflake userId) {
        return channels.load(channelId, userId, false).map(channel -> {
            channel.requireVisible();
            if (channel.channel().type() != ChannelType.DIRECTORY) {
                throw GuildErrors.wrongChannelType();
            }
            return channel;
        });
    }

    /** 403 50013 unless the member manages the entity's guild (404 for an entity that does not exist). */
    private Mono<Void> requireManager(int type, Snowflake entityId, Snowflake userId) {
        Mono<Snowflake> guildId = type == DirectoryEntryRow.GUILD
                ? Mono.just(entityId)
                : events.guildOf(entityId)
                        .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD_SCHEDULED_EVENT)));
        Instant now = clock.instant();
        return guildId.flatMap(guild -> accesses.load(guild, userId, false))
                .map(access -> access.require(Permission.MANAGE_GUILD, now))
                .then();
    }

    private Mono<DirectoryEntryRow> existing(Snowflake channelId, Snowflake entityId) {
        return store.find(channelId, entityId).switchIfEmpty(Mono.error(DirectoryService::unknownEntry));
    }

    private static @Nullable String described(@Nullable String description) {
        return description == null || description.isBlank() ? null : description;
    }

    private static ApiException unknownEntry() {
        return ApiErrors.notFound();
    }

    private static ApiException alreadyListed() {
        return new Violations()
                .add("entity_id", "DIRECTORY_ENTRY_EXISTS", "The entity is already listed in this directory.")
                .toException();
    }
}
