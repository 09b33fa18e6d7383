package dev.concord.guild.members;

import static dev.concord.platform.events.EventTypes.USER_NAMES_UPDATE;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.access.MemberRow;
import dev.concord.guild.automod.ProfileRules;
import dev.concord.platform.automod.ProfileInput;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventPayloads;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.events.ProcessedEvents;
import dev.concord.platform.ids.Snowflake;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * A user's new names (USER_NAMES_UPDATE on identity.events) judged by the USER_PROFILE rule of each guild
 * they are in that has one: a flagged name sends the rule's executions and alerts ({@code quarantine_event}
 * {@code username_update}) and, when the rule quarantines, quarantines them there (member flag 128,
 * GUILD_MEMBER_UPDATE); names that all pass again release them. Once per event; each guild with the
 * member's row locked while it changes.
 */
@Component
final class NameChanges extends EventConsumer {

    /** The events this consumer acts on; it passes over the rest of its topic without recording them. */
    static final Set<String> HANDLED = Set.of(USER_NAMES_UPDATE);

    static final String TOPIC = "identity.events";

    /** The USER_NAMES_UPDATE payload. */
    record ChangedUser(
            @Nullable Snowflake id,
            @Nullable String username,
            @Nullable String globalName) {}

    private final EventSubscriber subscriber;
    private final ProcessedEvents processed;
    private final MemberStore store;
    private final GuildAccesses accesses;
    private final ProfileRules rules;
    private final MemberUpdates updates;
    private final Outbox outbox;
    private final Clock clock;
    private final String groupId;

    NameChanges(
            EventSubscriber subscriber,
            ProcessedEvents processed,
            MemberStore store,
            GuildAccesses accesses,
            ProfileRules rules,
            MemberUpdates updates,
            Outbox outbox,
            Clock clock,
            @Value("${spring.application.name:guild-service}") String serviceName) {
        this.subscriber = subscriber;
        this.processed = processed;
        this.store = store;
        this.accesses = accesses;
        this.rules = rules;
        this.updates = updates;
        this.outbox = outbox;
        this.clock = clock;
        this.groupId = serviceName + ".name-changes";
    }

    @Override
    protected Disposable subscribe() {
        return subscriber.subscribe(
                groupId,
                List.of(TOPIC),
                EventSubscriber.StartFrom.EARLIEST,
                processed.once(groupId, HANDLED, this::apply));
    }

    Mono<Void> apply(EventEnvelope event) {
        if (!USER_NAMES_UPDATE.equals(event.type())) {
            return Mono.empty();
        }
        ChangedUser user = EventPayloads.read(event, ChangedUser.class)
                .filter(payload -> payload.id() != null)
                .orElseThrow(() -> new IllegalArgumentException("unreadable user in event " + event.id()));
        Snowflake userId = Objects.requireNonNull(user.id());
        return store.guildsWithProfileRulesOf(userId)
                .concatMap(guildId -> accesses.load(guildId, userId, true).flatMap(access -> judge(access, user)))
                .then();
    }

    /**
     * The member's new names judged in one guild: each flag raises the rule's actions again (a new name, a
     * new alert), and the member's flag follows the verdict.
     */
    private Mono<Void> judge(GuildAccess access, ChangedUser user) {
        Instant now = clock.instant();
        MemberRow member = access.membership();
        boolean quarantined = (member.flags() & ProfileRules.QUARANTINED_USERNAME) != 0;
        if (ProfileRules.leavesAlone(access.permissions(), member, now)) {
            return quarantined ? setQuarantined(access, false, List.of()) : Mono.empty();
        }
        Set<Long> roles = Arrays.stream(member.roleIds()).boxed().collect(Collectors.toSet());
        ProfileInput names = new ProfileInput(user.username(), user.globalName(), member.nick(), roles);
        return rules.judge(access.guild().id(), member.userId(), names).flatMap(verdict -> {
            List<DomainEvent> executions = rules.events(verdict, ProfileRules.Occasion.USERNAME_UPDATE);
            if (verdict.quarantines() == quarantined) {
                return outbox.appendAll(executions);
            }
            return setQuarantined(access, verdict.quarantines(), executions);
        });
    }

    private Mono<Void> setQuarantined(GuildAccess access, boolean quarantined, List<DomainEvent> executions) {
        MemberRow member = access.membership();
        int flags = quarantined
                ? member.flags() | ProfileRules.QUARANTINED_USERNAME
                : member.flags() & ~ProfileRules.QUARANTINED_USERNAME;
        Snowflake guildId = access.guild().id();
        return store.update(guildId, member.userId(), List.of(new ColumnChanges.Change("flags", flags, Integer.class)))
                .then(updates.publish(guildId, member.userId()))
                .then(outbox.appendAll(executions));
    }
}
