package dev.concord.social.notifications;

import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import dev.concord.platform.web.Violations;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.stereotype.Service;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/**
 * Changes a user's guild settings, any number of guilds at once. All guilds of one request commit
 * together with their events, or none does. Only guilds whose settings really change are written, get a
 * new version and are announced; the answer lists every guild asked about.
 */
@Service
final class GuildSettingsService {

    private final GuildSettingsStore store;
    private final Outbox outbox;
    private final TransactionalOperator transactions;

    GuildSettingsService(GuildSettingsStore store, Outbox outbox, TransactionalOperator transactions) {
        this.store = store;
        this.outbox = outbox;
        this.transactions = transactions;
    }

    /**
     * Applies validated partial settings, in their order. Fails with one 50035 and writes nothing when a
     * guild would hold more than {@value MessageNotifications#MAX_CHANNEL_OVERRIDES} channel overrides
     * once merged, which only the stored settings can tell.
     *
     * <p>Settings are kept only for guilds the user is in, as on the platform, which answers 404 10004
     * Unknown Guild for any other: a guild the user is not a member of (or that does not exist) fails the
     * whole request and writes nothing. Membership is what guild.events have told this service; a user
     * who joined a moment ago and whose GUILD_MEMBER_ADD has not arrived yet is refused the same way
     * until it does (usually well under a second). Asking guild-service on a miss would close that gap at
     * the cost of a call and a dependency this service does not have yet.
     */
    Mono<List<UserGuildSettingsData>> modify(Snowflake userId, List<GuildSettingsChange> changes) {
        List<GuildKey> guilds = changes.stream().map(GuildSettingsChange::guild).toList();
        return store.memberOfAll(userId, guilds)
                .filter(Boolean::booleanValue)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)))
                .then(Mono.defer(() -> modifyMembers(userId, changes, guilds)));
    }

    private Mono<List<UserGuildSettingsData>> modifyMembers(
            Snowflake userId, List<GuildSettingsChange> changes, List<GuildKey> guilds) {
        return write(userId, guilds, stored -> {
            Violations violations = new Violations();
            List<UserGuildSettingsData> wanted = new ArrayList<>();
            for (GuildSettingsChange change : changes) {
                UserGuildSettingsData merged = change.patch().applyTo(current(stored, change.guild()));
                change.errorsIn(violations)
                        .maxItems(
                                "channel_overrides",
                                merged.channelOverrides(),
                                MessageNotifications.MAX_CHANNEL_OVERRIDES);
                wanted.add(merged);
            }
            violations.throwIfAny();
            return wanted;
        });
    }

    /** Replaces each guild's settings with the given ones (a snapshot's), whole. */
    Mono<List<UserGuildSettingsData>> replace(Snowflake userId, Map<GuildKey, UserGuildSettingsData> settings) {
        return write(userId, List.copyOf(settings.keySet()), stored -> List.copyOf(settings.values()));
    }

    /**
     * Under the user's lock: reads the guilds' stored settings, works out the wanted ones from them, and
     * writes those that differ with their version counted up, with one event each.
     */
    private Mono<List<UserGuildSettingsData>> write(
            Snowflake userId,
            List<GuildKey> guilds,
            Function<Map<GuildKey, UserGuildSettingsData>, List<UserGuildSettingsData>> wantedFromStored) {
        return transactions.transactional(
                store.lockUser(userId).then(store.find(userId, guilds)).flatMap(stored -> {
                    List<UserGuildSettingsData> results = new ArrayList<>();
                    List<UserGuildSettingsData> changed = new ArrayList<>();
                    List<DomainEvent> events = new ArrayList<>();
                    for (UserGuildSettingsData wanted : wantedFromStored.apply(stored)) {
                        UserGuildSettingsData current = current(stored, GuildSettingsStore.keyOf(wanted));
                        UserGuildSettingsData result = current;
                        if (!wanted.sameSettingsAs(current)) {
                            result = wanted.withVersion(current.version() + 1);
                            changed.add(result);
                            events.add(NotificationEvents.guildSettingsUpdate(userId, result));
                        }
                        results.add(result);
                    }
                    return store.saveAll(userId, changed)
                            .then(outbox.appendAll(events))
                            .thenReturn(results);
                }));
    }

    private static UserGuildSettingsData current(Map<GuildKey, UserGuildSettingsData> stored, GuildKey guild) {
        UserGuildSettingsData found = stored.get(guild);
        return found != null ? found : UserGuildSettingsData.defaults(guild);
    }
}
