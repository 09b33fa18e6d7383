package dev.concord.platform.guilds;

import static dev.concord.platform.events.EventTypes.GUILD_CREATE;
import static dev.concord.platform.events.EventTypes.GUILD_DELETE;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_ADD;
import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_REMOVE;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What guild-service says members may do, asked through its internal API and cached for a few seconds.
 *
 * <p>Every cache key holds its guild's generation, a number unique to this instance that {@link #forget}
 * replaces: a guild's old answers can no longer be found and just age out. A generation that is evicted
 * or expires is replaced the same way, which costs a miss and is never stale.
 *
 * <p>Identical lookups at the same time share one request; failures are handed to those waiting and
 * never kept.
 */
public final class GuildAuthorization {

    /** A user who is not a member: "no" is an answer worth keeping too. Permissions are never negative. */
    private static final long NOT_MEMBER = -1;
    /** The channel part of a guild-level answer's key; ids are never negative. */
    private static final long GUILD_LEVEL = -1;
    /** The events after which a guild's member list is not what it was. */
    private static final Set<String> MEMBERSHIP_CHANGES =
            Set.of(GUILD_CREATE, GUILD_DELETE, GUILD_MEMBER_ADD, GUILD_MEMBER_REMOVE);
    /** Requests one lookup of many users has in flight at once. */
    private static final int CONCURRENT_BATCHES = 4;

    /** One user's permissions in a guild generation, guild-wide or in a channel. */
    private record PermissionKey(long generation, long channel, long user) {}

    /** One user's member object in a guild generation. */
    private record MemberKey(long generation, long user) {}

    private final GuildServiceClient guilds;
    private final AtomicLong lastGeneration = new AtomicLong();
    /** Generations of permission answers: replaced by any change to members, roles, channels or the owner. */
    private final Cache<Snowflake, Long> generations;
    /** Generations of member lists: replaced only when members come or go, so most events keep the list. */
    private final Cache<Snowflake, Long> memberGenerations;

    private final Answers<PermissionKey, Long> permissions;
    /** Member ids by guild generation; weighed by size, so {@code maxSize} bounds the ids held. */
    private final Answers<Long, Set<Snowflake>> members;
    /** Member objects without their user ({@link MissingNode}: not a member), by guild generation. */
    private final Answers<MemberKey, JsonNode> memberObjects;

    /**
     * @param client where guild-service is (its base URL set)
     * @param internalSecret {@code concord.auth.internal-secret}, sent as {@code Authorization: Internal <secret>}
     * @param ttl how long an answer is kept
     * @param maxSize the most answers kept (a member list counts one per member)
     * @param timeout how long one request to guild-service may take
     */
    public GuildAuthorization(WebClient client, String internalSecret, Duration ttl, long maxSize, Duration timeout) {
        this(client, internalSecret, ttl, maxSize, timeout, Ticker.systemTicker());
    }

    GuildAuthorization(
            WebClient client, String internalSecret, Duration ttl, long maxSize, Duration timeout, Ticker ticker) {
        this(new GuildServiceClient(client, internalSecret, timeout), ttl, maxSize, ticker);
    }

    GuildAuthorization(GuildServiceClient guilds, Duration ttl, long maxSize, Ticker ticker) {
        this.guilds = guilds;
        this.generations = Caffeine.newBuilder()
                .ticker(ticker)
                .expireAfterAccess(ttl)
                .maximumSize(maxSize)
                .build();
        this.memberGenerations = Caffeine.newBuilder()
                .ticker(ticker)
                .expireAfterAccess(ttl)
                .maximumSize(maxSize)
                .build();
        this.permissions = new Answers<>(Caffeine.newBuilder()
                .ticker(ticker)
                .expireAfterWrite(ttl)
                .maximumSize(maxSize)
                .recordStats()
                .build());
        this.members = new Answers<>(Caffeine.newBuilder()
                .ticker(ticker)
                .expireAfterWrite(ttl)
                .maximumWeight(maxSize)
                .<Long, Set<Snowflake>>weigher((generation, ids) -> Math.max(1, ids.size()))
                .recordStats()
                .build());
        this.memberObjects = new Answers<>(Caffeine.newBuilder()
                .ticker(ticker)
                .expireAfterWrite(ttl)
                .maximumSize(maxSize)
                .recordStats()
                .build());
    }

    /** The member's guild-level permissions; empty when the user is not a member. */
    public Mono<Long> permissions(Snowflake guildId, Snowflake userId) {
        return permissions(guildId, (Snowflake) null, List.of(userId)).mapNotNull(answers -> answers.get(userId));
    }

    /** The member's permissions in the channel (guild-level without one); empty when not a member. */
    public Mono<Long> permissions(Snowflake guildId, @Nullable Snowflake channelId, Snowflake userId) {
        return permissions(guildId, channelId, List.of(userId)).mapNotNull(answers -> answers.get(userId));
    }

    /**
     * The permissions of those of {@code userIds} who are members, in the channel or guild-wide. Only the
     * users not already cached are asked for, at most 1000 a request.
     */
    public Mono<Map<Snowflake, Long>> permissions(
            Snowflake guildId, @Nullable Snowflake channelId, Collection<Snowflake> userIds) {
        Objects.requireNonNull(guildId, "guildId");
        return Mono.defer(() -> {
            long generation = generation(guildId);
            long channel = channelId == null ? GUILD_LEVEL : channelId.value();
            Map<Snowflake, CompletableFuture<Long>> answers = new LinkedHashMap<>();
            Map<PermissionKey, CompletableFuture<Long>> toAsk = new LinkedHashMap<>();
            for (Snowflake userId : userIds) {
                if (!answers.containsKey(userId)) {
                    PermissionKey key = new PermissionKey(generation, channel, userId.value());
                    CompletableFuture<Long> fresh = new CompletableFuture<>();
                    CompletableFuture<Long> answer = permissions.claim(key, fresh);
                    if (answer == fresh) {
                        toAsk.put(key, fresh);
                    }
                    answers.put(userId, answer);
                }
            }
            ask(guildId, channelId, toAsk);
            return membersOnly(answers);
        });
    }

    /**
     * The members' permissions in a channel described by {@code overwrites} (as in a channel object),
     * such as one that was just deleted. Not cached: the channel exists nowhere to be asked about again.
     */
    public Mono<Map<Snowflake, Long>> permissionsForOverwrites(
            Snowflake guildId, JsonNode overwrites, Collection<Snowflake> userIds) {
        Objects.requireNonNull(overwrites, "overwrites");
        List<Snowflake> distinct = List.copyOf(new LinkedHashSet<>(userIds));
        return Flux.fromIterable(batches(distinct))
                .flatMap(batch -> guilds.permissions(guildId, null, overwrites, batch), CONCURRENT_BATCHES)
                .collect(LinkedHashMap<Snowflake, Long>::new, Map::putAll)
                .map(Collections::unmodifiableMap);
    }

    /** Whether the user is a member holding every one of {@code required}, in the channel or guild-wide. */
    public Mono<Boolean> has(
            Snowflake guildId, @Nullable Snowflake channelId, Snowflake userId, Permission... required) {
        long bits = Permission.bits(required);
        return permissions(guildId, channelId, userId)
                .map(granted -> (granted & bits) == bits)
                .defaultIfEmpty(false);
    }

    public Mono<Boolean> isMember(Snowflake guildId, Snowflake userId) {
        return permissions(guildId, userId).hasElement();
    }

    /**
     * The user's guilds as a session's GUILD_CREATE carries each (for READY); never cached, since a
     * session asks once, when it starts.
     */
    public Flux<JsonNode> guildsOf(Snowflake userId) {
        Objects.requireNonNull(userId, "userId");
        return guilds.guildsOf(userId);
    }

    /**
     * Up to {@code limit} (1 to 1000) member objects whose username starts with {@code prefix} (any case;
     * {@code ""}: every member), in user id order after {@code after}; never cached.
     */
    public Mono<List<JsonNode>> membersByPrefix(Snowflake guildId, String prefix, long after, int limit) {
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("query", prefix);
        query.put("after", Long.toString(after));
        query.put("limit", limit);
        return guilds.searchMembers(guildId, query);
    }

    /** The member objects of those of {@code userIds} (1 to 100) who are members; never cached. */
    public Mono<List<JsonNode>> membersById(Snowflake guildId, Collection<Snowflake> userIds) {
        return guilds.searchMembers(
                guildId,
                Map.of("user_ids", userIds.stream().map(Snowflake::asString).toList()));
    }

    /**
     * The member's member object without its {@code user} (roles, nick, joined_at, ...), as a message's
     * MESSAGE_CREATE carries its author's; empty when the user is not a member. Kept like the permissions
     * until any change to the guild.
     */
    public Mono<JsonNode> member(Snowflake guildId, Snowflake userId) {
        Objects.requireNonNull(guildId, "guildId");
        return Mono.defer(() -> {
            MemberKey key = new MemberKey(generation(guildId), userId.value());
            CompletableFuture<JsonNode> fresh = new CompletableFuture<>();
            CompletableFuture<JsonNode> answer = memberObjects.claim(key, fresh);
            if (answer == fresh) {
                guilds.searchMembers(guildId, Map.of("user_ids", List.of(userId.asString())))
                        .map(found -> found.isEmpty() ? MissingNode.getInstance() : withoutUser(found.get(0)))
                        // Not the caller's subscription: a caller that goes away must not leave a future that
                        // never completes.
                        .subscribe(
                                value -> memberObjects.complete(key, fresh, value),
                                error -> memberObjects.fail(key, fresh, error));
            }
            return Mono.fromFuture(answer, true).filter(member -> !member.isMissingNode());
        });
    }

    private static JsonNode withoutUser(JsonNode member) {
        if (!(member instanceof ObjectNode object)) {
            throw new IllegalStateException("guild-service answered a member that is no object");
        }
        ObjectNode copy = object.deepCopy();
        copy.remove("user");
        return copy;
    }

    /**
     * One of the user's guilds as their session's GUILD_CREATE carries it (its name and icon among the
     * rest), never cached: empty when they are no member. For rare callers that show what a guild is
     * called (a followed channel's webhook).
     */
    public Mono<JsonNode> guildOf(Snowflake userId, Snowflake guildId) {
        return guilds.guildsOf(userId)
                .filter(guild -> guildId.asString().equals(guild.path("id").asString()))
                .next();
    }

    /**
     * The guild's owner, roles and channels' overwrites, for a caller that computes permissions with
     * the platform's engine and keeps them current from guild.events itself; never cached.
     */
    public Mono<AuthorizationSnapshot> authorizationSnapshot(Snowflake guildId) {
        Objects.requireNonNull(guildId, "guildId");
        return guilds.authorizationSnapshot(guildId);
    }

    /** The users' member rows (roles, timeout) in every guild each is in, 1000 users a request; never cached. */
    public Mono<List<Membership>> memberships(Collection<Snowflake> userIds) {
        List<Snowflake> distinct = List.copyOf(new LinkedHashSet<>(userIds));
        return Flux.fromIterable(batches(distinct))
                .flatMap(guilds::memberships, CONCURRENT_BATCHES)
                .collect(ArrayList<Membership>::new, List::addAll)
                .map(Collections::unmodifiableList);
    }

    /** Every member's id, in id order, paged through the API once per generation. */
    public Mono<Set<Snowflake>> members(Snowflake guildId) {
        Objects.requireNonNull(guildId, "guildId");
        return Mono.defer(() -> {
            Long generation = memberGeneration(guildId);
            CompletableFuture<Set<Snowflake>> fresh = new CompletableFuture<>();
            CompletableFuture<Set<Snowflake>> answer = members.claim(generation, fresh);
            if (answer == fresh) {
                guilds.members(guildId)
                        .collect(LinkedHashSet<Snowflake>::new, Set::add)
                        .subscribe(
                                ids -> members.complete(generation, fresh, Collections.unmodifiableSet(ids)),
                                error -> members.fail(generation, fresh, error));
            }
            return Mono.fromFuture(answer, true);
        });
    }

    /** Drops every answer about the guild, in constant time. */
    public void forget(Snowflake guildId) {
        generations.invalidate(guildId);
        memberGenerations.invalidate(guildId);
    }

    /**
     * Forgets what an event of guild.events changes about the guild it is about (its audience's guild,
     * else {@code data.guild_id}, else {@code data.id}: GUILD_CREATE and GUILD_DELETE go to users and
     * carry the guild as the data). Every change drops the permission answers; only members coming or
     * going (and a guild created or deleted) drop the member list, so a GUILD_UPDATE or a role change does
     * not make the next event page through every member again.
     */
    public Mono<Void> onEvent(EventEnvelope event) {
        return Mono.fromRunnable(() -> {
            Snowflake guildId = GuildEvents.guildOf(event);
            if (guildId == null) {
                return;
            }
            if (MEMBERSHIP_CHANGES.contains(event.type())) {
                forget(guildId);
            } else {
                generations.invalidate(guildId);
            }
        });
    }

    /** Hits, misses and sizes of both caches, as Micrometer's {@code cache.*} meters. */
    void monitor(MeterRegistry registry) {
        CaffeineCacheMetrics.monitor(registry, permissions.kept(), "guild-permissions");
        CaffeineCacheMetrics.monitor(registry, members.kept(), "guild-members");
        CaffeineCacheMetrics.monitor(registry, memberObjects.kept(), "guild-member-objects");
    }

    private long generation(Snowflake guildId) {
        return generations.get(guildId, id -> lastGeneration.incrementAndGet());
    }

    private long memberGeneration(Snowflake guildId) {
        return memberGenerations.get(guildId, id -> lastGeneration.incrementAndGet());
    }

    /** Sends the users nobody has asked about yet; every future is completed, one way or the other. */
    private void ask(
            Snowflake guildId, @Nullable Snowflake channelId, Map<PermissionKey, CompletableFuture<Long>> toAsk) {
        if (toAsk.isEmpty()) {
            return;
        }
        Flux.fromIterable(batches(List.copyOf(toAsk.entrySet())))
                .flatMap(
                        batch -> guilds.permissions(
                                        guildId,
                                        channelId,
                                        null,
                                        batch.stream()
                                                .map(asked -> Snowflake.of(
                                                        asked.getKey().user()))
                                                .toList())
                                .doOnNext(answered -> batch.forEach(asked -> permissions.complete(
                                        asked.getKey(),
                                        asked.getValue(),
                                        answered.getOrDefault(
                                                Snowflake.of(asked.getKey().user()), NOT_MEMBER))))
                                .doOnError(error -> batch.forEach(
                                        asked -> permissions.fail(asked.getKey(), asked.getValue(), error)))
                                .onErrorResume(error -> Mono.empty()),
                        CONCURRENT_BATCHES)
                // Not the caller's subscription: a caller that goes away must not leave futures that never complete.
                .subscribe();
    }

    private static Mono<Map<Snowflake, Long>> membersOnly(Map<Snowflake, CompletableFuture<Long>> answers) {
        CompletableFuture<Void> all = CompletableFuture.allOf(answers.values().toArray(new CompletableFuture<?>[0]));
        return Mono.fromFuture(all, true).then(Mono.fromSupplier(() -> {
            Map<Snowflake, Long> granted = new LinkedHashMap<>();
            answers.forEach((userId, answer) -> {
                long value = answer.join();
                if (value != NOT_MEMBER) {
                    granted.put(userId, value);
                }
            });
            return Collections.unmodifiableMap(granted);
        }));
    }

    private static <T> List<List<T>> batches(List<T> items) {
        List<List<T>> batches = new ArrayList<>();
        for (int from = 0; from < items.size(); from += GuildServiceClient.MAX_USERS) {
            batches.add(items.subList(from, Math.min(from + GuildServiceClient.MAX_USERS, items.size())));
        }
        return batches;
    }
}
