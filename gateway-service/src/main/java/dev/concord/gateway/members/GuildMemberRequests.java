package dev.concord.gateway.members;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.concord.gateway.protocol.DispatchFrame;
import dev.concord.gateway.protocol.GuildMembersRequest;
import dev.concord.gateway.protocol.Intents;
import dev.concord.gateway.session.Session;
import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.ids.Snowflake;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Op 8 as the platform answers it. A request that may not be answered gets no answer at all, as on the
 * platform: one listing members by an empty query without the GUILD_MEMBERS intent, and one about a guild
 * the user is not a member of. Every member of a guild may be asked for once per guild per session every 30 s; sooner,
 * the answer is a RATE_LIMITED dispatch saying when to ask again. Members come from guild-service; the
 * chunks go out in sequence like any dispatch.
 */
final class GuildMemberRequests implements MemberRequests {

    /** The platform's limit on asking for every member of one guild, per session. */
    static final Duration ALL_MEMBERS_WINDOW = Duration.ofSeconds(30);
    /** The most members a username prefix answers, as on the platform. */
    static final int MAX_PREFIX_RESULTS = 100;

    private static final Logger log = LoggerFactory.getLogger(GuildMemberRequests.class);

    private final GuildAuthorization guilds;
    private final JsonMapper mapper;
    private final LongSupplier nanoTime;
    /** When each session last asked for every member of each guild, while that still limits it. */
    private final Cache<String, Long> allMembersAsked;

    GuildMemberRequests(GuildAuthorization guilds, JsonMapper mapper, LongSupplier nanoTime) {
        this.guilds = guilds;
        this.mapper = mapper;
        this.nanoTime = nanoTime;
        this.allMembersAsked =
                Caffeine.newBuilder().expireAfterWrite(ALL_MEMBERS_WINDOW).build();
    }

    @Override
    public void request(Session session, GuildMembersRequest request) {
        if (request.listsMembers() && !Intents.allows(session.intents(), Intents.GUILD_MEMBERS)) {
            return;
        }
        boolean withPresences = request.presences() && Intents.allows(session.intents(), Intents.GUILD_PRESENCES);
        for (Snowflake guildId : request.guildIds()) {
            if (request.wantsAll() && rateLimited(session, guildId, request)) {
                continue;
            }
            guilds.isMember(guildId, session.userId())
                    .filter(Boolean::booleanValue)
                    .flatMap(member -> members(guildId, request))
                    .subscribe(
                            members -> MemberChunks.of(mapper, guildId, members, request, withPresences)
                                    .forEach(chunk -> session.dispatchOwn(
                                            DispatchFrame.of(mapper, "GUILD_MEMBERS_CHUNK", chunk))),
                            failure -> log.warn(
                                    "member request of {} for guild {} failed: {}",
                                    session,
                                    guildId,
                                    failure.toString()));
        }
    }

    /** True (and RATE_LIMITED sent) when the session asked for every member of the guild within 30 s. */
    private boolean rateLimited(Session session, Snowflake guildId, GuildMembersRequest request) {
        long now = nanoTime.getAsLong();
        String key = session.id() + ":" + guildId.asString();
        long asked = Objects.requireNonNull(allMembersAsked.get(key, unused -> now));
        if (asked == now) {
            return false;
        }
        long waitNanos = Math.max(0, ALL_MEMBERS_WINDOW.toNanos() - (now - asked));
        session.dispatchOwn(DispatchFrame.of(
                mapper, "RATE_LIMITED", MemberChunks.rateLimited(mapper, guildId, waitNanos / 1e9, request.nonce())));
        return true;
    }

    private Mono<List<JsonNode>> members(Snowflake guildId, GuildMembersRequest request) {
        if (request.userIds() != null) {
            return guilds.membersById(guildId, request.userIds());
        }
        String query = Objects.requireNonNull(request.query());
        if (!query.isEmpty()) {
            int limit = request.limit() == 0 ? MAX_PREFIX_RESULTS : Math.min(request.limit(), MAX_PREFIX_RESULTS);
            return guilds.membersByPrefix(guildId, query, 0, limit);
        }
        return everyMember(guildId, request.limit() == 0 ? Integer.MAX_VALUE : request.limit());
    }

    /** Pages of up to 1000 until the guild or {@code limit} runs out. */
    private Mono<List<JsonNode>> everyMember(Snowflake guildId, int limit) {
        return collect(guildId, 0, limit, new ArrayList<>());
    }

    private Mono<List<JsonNode>> collect(Snowflake guildId, long after, int limit, List<JsonNode> found) {
        int wanted = Math.min(MemberChunks.CHUNK_SIZE, limit - found.size());
        return guilds.membersByPrefix(guildId, "", after, wanted).flatMap(page -> {
            found.addAll(page);
            return page.size() < wanted || found.size() >= limit
                    ? Mono.just(found)
                    : collect(guildId, lastId(page), limit, found);
        });
    }

    private static long lastId(List<JsonNode> page) {
        return Snowflake.parse(page.get(page.size() - 1).path("user").path("id").asString(null))
                .value();
    }
}
