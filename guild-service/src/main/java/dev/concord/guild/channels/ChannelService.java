package dev.concord.guild.channels;

import dev.concord.guild.guilds.GuildAccess;
import dev.concord.guild.guilds.GuildAccesses;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Overwrite;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Guild channels: who may see and make them, and the events that tell members. */
@Service
final class ChannelService {

    private final ChannelStore store;
    private final GuildAccesses accesses;
    private final Outbox outbox;
    private final TransactionalOperator transactions;
    private final SnowflakeGenerator ids;
    private final Clock clock;

    ChannelService(ChannelStore store, GuildAccesses accesses, Outbox outbox, TransactionalOperator transactions,
            SnowflakeGenerator ids, Clock clock) {
        this.store = store;
        this.accesses = accesses;
        this.outbox = outbox;
        this.transactions = transactions;
        this.ids = ids;
        this.clock = clock;
    }

    /**
     * Creates a channel for a member with MANAGE_CHANNELS. Overwrites need MANAGE_ROLES too, and may
     * only allow or deny what the member holds themselves (owners and administrators hold everything).
     */
    Mono<ChannelData> create(Snowflake guildId, Snowflake userId, ChannelCreateRequest request) {
        Snowflake channelId = ids.next();
        int type = request.typeOrText();
        Mono<ChannelData> created = accesses.load(guildId, userId, true)
                .map(access -> checkCreate(access, request))
                .flatMap(access -> request.parentId().hasValue()
                        ? store.types(guildId).doOnNext(types -> checkParent(types.get(request.parentId().get().value())))
                        : Mono.just(Map.<Long, Integer>of()))
                .then(store.insert(guildId, channelId, request, type))
                .then(store.find(channelId))
                .flatMap(channel -> outbox.append(ChannelEvents.channelCreate(channel)).thenReturn(channel));
        return transactions.transactional(created);
    }

    /** The guild's channels, for its members. */
    Flux<ChannelData> list(Snowflake guildId, Snowflake userId) {
        return accesses.load(guildId, userId, false).thenMany(store.list(guildId));
    }

    /** One channel, for members who can view it; others get 403 50001, as if it were hidden. */
    Mono<ChannelData> get(Snowflake channelId, Snowflake userId) {
        return store.find(channelId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                .flatMap(channel -> accesses.load(channel.guildId(), userId, false)
                        .map(access -> {
                            long permissions = access.permissions().inChannel(access.member(), overwrites(channel),
                                    clock.instant());
                            if ((permissions & Permission.VIEW_CHANNEL.bit()) == 0) {
                                throw ApiErrors.missingAccess();
                            }
                            return channel;
                        }));
    }

    private GuildAccess checkCreate(GuildAccess access, ChannelCreateRequest request) {
        access.require(Permission.MANAGE_CHANNELS, clock.instant());
        List<OverwriteRequest> overwrites = request.permissionOverwrites().orElse(List.of());
        if (overwrites == null || overwrites.isEmpty()) {
            return access;
        }
        access.require(Permission.MANAGE_ROLES, clock.instant());
        long held = access.permissions().base(access.member(), clock.instant());
        Violations violations = new Violations();
        for (int i = 0; i < overwrites.size(); i++) {
            OverwriteRequest overwrite = overwrites.get(i);
            if (((overwrite.allowBits() | overwrite.denyBits()) & ~held) != 0) {
                throw ApiErrors.missingPermissions();
            }
            if (overwrite.type() == 0 && access.permissions().role(overwrite.id().value()) == null) {
                violations.at("permission_overwrites").at(i).add("id", "UNKNOWN_ROLE", "Unknown role in this guild.");
            }
        }
        violations.throwIfAny();
        return access;
    }

    private static void checkParent(Integer parentType) {
        if (!Objects.equals(parentType, ChannelType.CATEGORY)) {
            Violations violations = new Violations();
            violations.add("parent_id", "CHANNEL_PARENT_INVALID", "Must be a category of this guild.");
            violations.throwIfAny();
        }
    }

    /** The channel's overwrites the way the permission engine takes them. */
    static List<Overwrite> overwrites(ChannelData channel) {
        return channel.permissionOverwrites().stream()
                .map(o -> new Overwrite(o.id().value(), Overwrite.Type.ofWireValue(o.type()), Long.parseLong(o.allow()),
                        Long.parseLong(o.deny())))
                .toList();
    }
}
