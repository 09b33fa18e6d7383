package dev.concord.social.family;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import dev.concord.social.family.AuditLogStore.ActionRow;
import dev.concord.social.family.TeenAuditLogData.GuildData;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * The Family Center overview. Whose week it shows: a connected teen sees their own; a requestor sees the
 * teen named by {@code teen_id}, or, without it, the one connected first. (The platform's clients load
 * this overview, then switch teens through a per-teen activity route; {@code teen_id} gives this
 * endpoint the same reach without a route the interface does not list.)
 */
@Service
final class FamilyCenterService {

    private final LinkStore linkStore;
    private final AuditLogStore auditLog;
    private final FamilyCenterSettings settings;
    private final Clock clock;
    private final UserDirectory users;

    FamilyCenterService(
            LinkStore linkStore,
            AuditLogStore auditLog,
            FamilyCenterSettings settings,
            Clock clock,
            UserDirectory users) {
        this.users = users;
        this.linkStore = linkStore;
        this.auditLog = auditLog;
        this.settings = settings;
        this.clock = clock;
    }

    /** Without {@code teenId}, the caller's default teen. */
    Mono<FamilyCenterData> overview(Snowflake me, @Nullable Snowflake teenId) {
        return linkStore.linksOf(me).flatMap(all -> {
            Snowflake teen =
                    teenOf(me, all.stream().map(LinkStore.LinkWithUser::link).toList(), teenId);
            LinkedUsersData linked = LinkService.seenBy(me, all);
            return (teen == null ? Mono.just(TeenAuditLogData.none()) : weekOf(teen))
                    .map(week -> new FamilyCenterData(linked.linkedUsers(), week, linked.users()));
        });
    }

    private static @Nullable Snowflake teenOf(Snowflake me, List<Link> all, @Nullable Snowflake requested) {
        boolean connectedTeen = all.stream().anyMatch(l -> l.userId().equals(me) && l.status() == LinkStatus.CONNECTED);
        List<Snowflake> teens = connectedTeen
                ? List.of(me)
                : all.stream()
                        .filter(l -> l.requestorId().equals(me) && l.status() == LinkStatus.CONNECTED)
                        .map(Link::userId)
                        .toList();
        if (requested != null) {
            if (!teens.contains(requested)) {
                throw FamilyCenterErrors.unknownTeen();
            }
            return requested;
        }
        return teens.isEmpty() ? null : teens.get(0);
    }

    private Mono<TeenAuditLogData> weekOf(Snowflake teen) {
        Instant since = clock.instant().minus(FamilyCenterSettings.WINDOW);
        return auditLog.actions(teen, since, settings.actionsPerType())
                .collectList()
                .zipWith(auditLog.totals(teen, since))
                .flatMap(read -> usersOf(read.getT1()).map(known -> {
                    List<ActionRow> rows = read.getT1();
                    Map<Integer, Long> counted = read.getT2();
                    Map<Integer, Long> totals = new LinkedHashMap<>();
                    for (ActionType type : ActionType.values()) {
                        totals.put(type.value, counted.getOrDefault(type.value, 0L));
                    }
                    List<GuildData> guilds = rows.stream()
                            .map(ActionRow::guild)
                            .filter(Objects::nonNull)
                            .distinct()
                            .toList();
                    return new TeenAuditLogData(
                            teen,
                            Snowflake.firstAt(since),
                            rows.stream().map(ActionRow::action).toList(),
                            known,
                            guilds,
                            totals);
                }));
    }

    /**
     * The users the actions name: those the replica join found, and in one more lookup those it has not
     * heard of yet. An entity no user has (a group DM) stays out, as before.
     */
    private Mono<List<PartialUser>> usersOf(List<ActionRow> rows) {
        List<PartialUser> joined =
                rows.stream().map(ActionRow::user).filter(Objects::nonNull).toList();
        List<Snowflake> missing = rows.stream()
                .filter(row -> row.user() == null && AuditLogStore.namesUser(row.action()))
                .map(row -> row.action().entityId())
                .distinct()
                .toList();
        return users.findAll(missing).collectList().map(fetched -> Stream.concat(joined.stream(), fetched.stream())
                .distinct()
                .toList());
    }
}
