package dev.concord.guild.members;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.GuildErrors;
import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.access.MemberRow;
import dev.concord.guild.access.RoleData;
import dev.concord.guild.automod.ProfileRules;
import dev.concord.guild.guilds.GuildJoins;
import dev.concord.platform.automod.ProfileInput;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.users.UserDirectory;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * A guild's members: members read each other; moderators rename, time out, mute, kick and give or take
 * roles of members below them, each with the permission the platform asks for it.
 */
@Service
final class MemberService {

    /** The longest timeout the platform allows. */
    static final Duration MAX_TIMEOUT = Duration.ofDays(28);

    private final MemberStore store;
    private final AccessStore rows;
    private final GuildAccesses accesses;
    private final GuildJoins joins;
    private final ProfileRules profileRules;
    private final UserDirectory users;
    private final MemberUpdates updates;
    private final TransactionalOperator transactions;
    private final Outbox outbox;
    private final Clock clock;

    MemberService(
            MemberStore store,
            AccessStore rows,
            GuildAccesses accesses,
            GuildJoins joins,
            ProfileRules profileRules,
            UserDirectory users,
            MemberUpdates updates,
            TransactionalOperator transactions,
            Outbox outbox,
            Clock clock) {
        this.store = store;
        this.rows = rows;
        this.accesses = accesses;
        this.joins = joins;
        this.profileRules = profileRules;
        this.users = users;
        this.updates = updates;
        this.transactions = transactions;
        this.outbox = outbox;
        this.clock = clock;
    }

    /** A page of the guild's members in user id order, with their users (two reads, whatever the page size). */
    Mono<List<MemberData>> list(Snowflake guildId, Snowflake userId, long after, int limit) {
        return accesses.load(guildId, userId, false)
                .then(store.list(guildId, after, limit).collectList())
                .flatMap(rows -> users.require(
                                rows.stream().map(MemberRow::userId).toList())
                        .map(byId -> rows.stream()
                                .map(row -> MemberData.of(row, Objects.requireNonNull(byId.get(row.userId()))))
                                .toList()));
    }

    /** One member, for the guild's members; 404 10007 for a user who is not one. */
    Mono<MemberData> get(Snowflake guildId, Snowflake targetId, Snowflake userId) {
        return accesses.load(guildId, userId, false)
                .flatMap(access -> target(access, targetId))
                .flatMap(this::withUser);
    }

    /**
     * Applies a PATCH. Each field sent needs its permission: a nickname MANAGE_NICKNAMES (one's own
     * CHANGE_NICKNAME), roles MANAGE_ROLES for every role given or taken, mute and deaf MUTE_MEMBERS and
     * DEAFEN_MEMBERS, a timeout MODERATE_MEMBERS, flags MANAGE_GUILD or MANAGE_ROLES. Renaming or timing
     * out someone else needs a higher role than theirs.
     */
    Mono<MemberData> modify(Snowflake guildId, Snowflake targetId, Snowflake userId, MemberModifyRequest request) {
        Mono<MemberData> change = accesses.load(guildId, userId, true)
                .flatMap(access -> target(access, targetId).flatMap(target -> {
                    Instant now = clock.instant();
                    long[] roleIds = request.roles().isPresent()
                            ? requestedRoles(access, request.roles().get())
                            : target.roleIds();
                    checkModify(access, target, request, roleIds, now);
                    return judgeNickname(access, target, request, now).flatMap(released -> {
                        List<ColumnChanges.Change> changes = MemberChanges.of(request, target, roleIds, now, released);
                        if (changes.isEmpty()) {
                            return withUser(target);
                        }
                        return store.update(guildId, targetId, changes).then(publishUpdate(guildId, targetId));
                    });
                }));
        // A refused nickname's executions and alerts go in a transaction of their own: the refusal rolls the
        // change back, not the report of it.
        return transactions.transactional(change).onErrorResume(BlockedNickname.class, blocked -> transactions
                .transactional(outbox.appendAll(blocked.events))
                .then(Mono.error(GuildErrors.nicknameBlockedByAutoModeration())));
    }

    /** A nickname the guild's rules refuse, with what the rules did about it, to report once the change is undone. */
    private static final class BlockedNickname extends RuntimeException {

        private static final long serialVersionUID = 1L;

        @SuppressWarnings("serial") // never serialized: it ends within the request
        private final List<DomainEvent> events;

        BlockedNickname(List<DomainEvent> events) {
            super(null, null, false, false);
            this.events = events;
        }
    }

    /**
     * A new nickname judged by the guild's USER_PROFILE rule: one it would quarantine for is refused (400
     * 50035 naming {@code nick}, as the platform refuses a flagged name), its executions and alerts sent all
     * the same; a quarantined member whose names all pass with it is released (true). Members the rules leave
     * alone (the owner, administrators, those who manage the guild) are not judged.
     */
    private Mono<Boolean> judgeNickname(
            GuildAccess access, MemberRow target, MemberModifyRequest request, Instant now) {
        String nick = Possible.valueOrNull(request.storedNick());
        if (nick == null || nick.equals(target.nick()) || ProfileRules.leavesAlone(access.permissions(), target, now)) {
            return Mono.just(false);
        }
        Set<Long> roles = Arrays.stream(target.roleIds()).boxed().collect(Collectors.toSet());
        return joins.user(target.userId())
                .flatMap(user -> profileRules.judgeRename(
                        access.guild().id(),
                        target.userId(),
                        new ProfileInput(user.username(), user.globalName(), nick, roles)))
                .flatMap(rename -> {
                    if (rename.nicknameFlagged()) {
                        return Mono.error(new BlockedNickname(
                                profileRules.events(rename.nickname(), ProfileRules.Occasion.NICKNAME_UPDATE)));
                    }
                    return Mono.just(rename.namesPass() && (target.flags() & ProfileRules.QUARANTINED_USERNAME) != 0);
                });
    }

    /**
     * Auto moderation's TIMEOUT_USER: the member is timed out for {@code duration} from now (GUILD_MEMBER_UPDATE),
     * unless no timeout reaches them (the owner, an administrator) or they are already timed out for longer.
     * No acting member: the rule's creator held MODERATE_MEMBERS when the rule was made.
     */
    Mono<Void> timeOutByAutoModeration(Snowflake guildId, Snowflake targetId, Duration duration) {
        Mono<Void> change = accesses.load(guildId, targetId, true).flatMap(target -> {
            Instant now = clock.instant();
            Instant until = now.plus(duration);
            Instant current = target.membership().communicationDisabledUntil();
            if (target.isOwner()
                    || target.has(Permission.ADMINISTRATOR, now)
                    || current != null && !current.isBefore(until)) {
                return Mono.empty();
            }
            List<ColumnChanges.Change> changes =
                    List.of(new ColumnChanges.Change("communication_disabled_until", until, Instant.class));
            return store.update(guildId, targetId, changes)
                    .then(publishUpdate(guildId, targetId))
                    .then();
        });
        return transactions.transactional(change);
    }

    /** Kicks a member: KICK_MEMBERS and a higher role than theirs. Their sessions lose the guild. */
    Mono<Void> kick(Snowflake guildId, Snowflake targetId, Snowflake userId) {
        Mono<Void> kick = accesses.load(guildId, userId, true)
                .flatMap(access -> target(access, targetId).flatMap(target -> {
                    access.require(Permission.KICK_MEMBERS, clock.instant());
                    requireOutranks(access, target);
                    return joins.remove(guildId, targetId).then();
                }));
        return transactions.transactional(kick);
    }

    /** Gives a member one role: MANAGE_ROLES and a role below the acting member's highest. */
    Mono<Void> addRole(Snowflake guildId, Snowflake targetId, Snowflake roleId, Snowflake userId) {
        return changeRole(guildId, targetId, roleId, userId, true);
    }

    /** Takes one role off a member, under the same rules as giving it. */
    Mono<Void> removeRole(Snowflake guildId, Snowflake targetId, Snowflake roleId, Snowflake userId) {
        return changeRole(guildId, targetId, roleId, userId, false);
    }

    private Mono<Void> changeRole(
            Snowflake guildId, Snowflake targetId, Snowflake roleId, Snowflake userId, boolean add) {
        Mono<Void> change = accesses.load(guildId, userId, true)
                .flatMap(access -> target(access, targetId).flatMap(target -> {
                    RoleData role = access.role(roleId);
                    Instant now = clock.instant();
                    access.require(Permission.MANAGE_ROLES, now);
                    requireAssignable(access, role, now);
                    Mono<Boolean> changed = add
                            ? store.addRole(guildId, targetId, roleId)
                            : store.removeRole(guildId, targetId, roleId);
                    return changed.flatMap(
                            any -> any ? publishUpdate(guildId, targetId).then() : Mono.empty());
                }));
        return transactions.transactional(change);
    }

    private void checkModify(
            GuildAccess access, MemberRow target, MemberModifyRequest request, long[] roleIds, Instant now) {
        boolean self = target.userId().equals(access.membership().userId());
        if (request.nick().isPresent() && !(self && access.has(Permission.CHANGE_NICKNAME, now))) {
            access.require(Permission.MANAGE_NICKNAMES, now);
            if (!self) {
                requireOutranks(access, target);
            }
        }
        if (request.roles().isPresent()) {
            access.require(Permission.MANAGE_ROLES, now);
            for (long roleId : symmetricDifference(target.roleIds(), roleIds)) {
                requireAssignable(access, access.role(Snowflake.of(roleId)), now);
            }
        }
        if (request.mute().isPresent()) {
            access.require(Permission.MUTE_MEMBERS, now);
        }
        if (request.deaf().isPresent()) {
            access.require(Permission.DEAFEN_MEMBERS, now);
        }
        if (request.communicationDisabledUntil().isPresent()) {
            checkTimeout(access, target, Possible.valueOrNull(request.communicationDisabledUntil()), now);
        }
        if (request.flags().isPresent()
                && !access.has(Permission.MANAGE_GUILD, now)
                && !access.has(Permission.MANAGE_ROLES, now)
                && !(access.has(Permission.MODERATE_MEMBERS, now)
                        && access.has(Permission.KICK_MEMBERS, now)
                        && access.has(Permission.BAN_MEMBERS, now))) {
            throw ApiErrors.missingPermissions();
        }
    }

    /**
     * A timeout needs MODERATE_MEMBERS and a higher role than the target's; administrators and the owner
     * cannot be timed out, and none may last more than 28 days.
     */
    private static void checkTimeout(GuildAccess access, MemberRow target, @Nullable Instant until, Instant now) {
        access.require(Permission.MODERATE_MEMBERS, now);
        requireOutranks(access, target);
        long targetPermissions = access.permissions().base(target.forPermissions(), now);
        if ((targetPermissions & Permission.ADMINISTRATOR.bit()) != 0) {
            throw ApiErrors.missingPermissions();
        }
        if (until != null && until.isAfter(now.plus(MAX_TIMEOUT))) {
            throw GuildErrors.timeoutTooLong();
        }
    }

    /** The roles a PATCH asks for, without repeats; each must be a role of the guild other than @everyone. */
    private static long[] requestedRoles(GuildAccess access, List<Snowflake> requested) {
        Violations violations = new Violations();
        for (int i = 0; i < requested.size(); i++) {
            Snowflake roleId = requested.get(i);
            if (roleId.value() == access.guild().id().value()
                    || access.permissions().role(roleId.value()) == null) {
                GuildErrors.unknownRole(violations.at("roles"), Integer.toString(i));
            }
        }
        violations.throwIfAny();
        return requested.stream()
                .mapToLong(Snowflake::value)
                .distinct()
                .sorted()
                .toArray();
    }

    /** 403 50013 unless the member may hand out {@code role}; managed roles are never handed out (400 50028). */
    private static void requireAssignable(GuildAccess access, RoleData role, Instant now) {
        if (role.managed() || role.id().equals(access.guild().id())) {
            throw GuildErrors.invalidRole();
        }
        if (!access.permissions().canManageRole(access.member(), role.forPermissions(), now)) {
            throw ApiErrors.missingPermissions();
        }
    }

    private static void requireOutranks(GuildAccess access, MemberRow target) {
        if (!access.permissions().outranks(access.member(), target.forPermissions())) {
            throw ApiErrors.missingPermissions();
        }
    }

    /** Roles in exactly one of the two sets: those given and those taken. */
    private static long[] symmetricDifference(long[] before, long[] after) {
        long[] added = Arrays.stream(after)
                .filter(id -> Arrays.stream(before).noneMatch(b -> b == id))
                .toArray();
        long[] removed = Arrays.stream(before)
                .filter(id -> Arrays.stream(after).noneMatch(a -> a == id))
                .toArray();
        long[] both = Arrays.copyOf(added, added.length + removed.length);
        System.arraycopy(removed, 0, both, added.length, removed.length);
        return both;
    }

    /** The acting member's row when they name themselves, otherwise a read; 404 10007 for non-members. */
    private Mono<MemberRow> target(GuildAccess access, Snowflake targetId) {
        if (access.membership().userId().equals(targetId)) {
            return Mono.just(access.membership());
        }
        return rows.member(access.guild().id(), targetId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.MEMBER)));
    }

    private Mono<MemberData> publishUpdate(Snowflake guildId, Snowflake userId) {
        return updates.publish(guildId, userId);
    }

    private Mono<MemberData> withUser(MemberRow row) {
        return joins.user(row.userId()).map(user -> MemberData.of(row, user));
    }
}
