package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.GUILD_MEMBER_UPDATE;
import static dev.concord.platform.events.EventTypes.PRESENCE_UPDATE;

import dev.concord.gateway.InstanceId;
import dev.concord.gateway.protocol.Intents;
import dev.concord.gateway.session.DeliveryBatch;
import dev.concord.gateway.session.HomeFeed;
import dev.concord.gateway.session.Session;
import dev.concord.gateway.session.SessionRegistry;
import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventPayloads;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.payload.GuildMemberPayload;
import dev.concord.platform.ids.Snowflake;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Delivers the platform's domain events to this instance's sessions. The consumer group is unique per
 * instance and starts at the latest offset: every instance needs every event for its own sessions, and
 * a session never needs events from before it connected (READY carries the state).
 *
 * <p>Each feed serves one home's sessions (see {@code HomeAdoption}): this instance's own, from its own
 * consumer group, and any it adopted, from the dead host's group where that one had got to.
 *
 * <p>Events are handled one at a time per partition, and each session numbers its dispatches under its
 * own lock, so a session sees a partition's events in order. Delivery only queues payloads: a slow
 * client is disconnected by its own full queue and never holds up the consumer.
 */
@Component
final class EventDispatcher extends EventConsumer implements HomeFeed {

    static final List<String> TOPICS =
            List.of("identity.events", "social.events", "presence.events", "guild.events", "webhook.events");

    /** Enough to cover the redeliveries of a rebalance at thousands of events per second. */
    private static final int DEDUPE_WINDOW = 100_000;

    private final EventSubscriber subscriber;
    private final AudienceResolver audiences;
    private final SessionRegistry sessions;
    private final JsonMapper mapper;
    private final String ownHome;
    private final FanoutTimers timers;
    private final Map<String, EventSubscriber.Subscription> feeds = new ConcurrentHashMap<>();

    EventDispatcher(
            EventSubscriber subscriber,
            AudienceResolver audiences,
            SessionRegistry sessions,
            JsonMapper mapper,
            InstanceId instance,
            FanoutTimers timers) {
        this.subscriber = subscriber;
        this.audiences = audiences;
        this.sessions = sessions;
        this.mapper = mapper;
        this.ownHome = instance.value();
        this.timers = timers;
    }

    /** The handler of one home's feed; {@code delivered} tells events its replay log shows were sent. */
    Function<EventEnvelope, Mono<Void>> feedOf(String home, Predicate<String> delivered) {
        RecentEvents recent = new RecentEvents(DEDUPE_WINDOW);
        return event -> {
            if (event.type() == null
                    || (event.id() != null && delivered.test(event.id().asString()))) {
                return Mono.empty();
            }
            return audiences
                    .users(event, home.equals(ownHome))
                    .filter(users -> !users.isEmpty())
                    // Marked as seen only once resolved: a resolver failure is retried, not mistaken for a duplicate.
                    .filter(users -> event.id() == null || recent.firstSighting(event.id()))
                    .doOnNext(users -> fanOut(home, event, users))
                    .then();
        };
    }

    /**
     * To each of the home's sessions of the users whose intents and shard take the event, as the platform
     * filters them.
     */
    private void fanOut(String home, EventEnvelope event, Set<Snowflake> users) {
        long start = timers.starting(event);
        ContentVariants frames = ContentVariants.of(mapper, event);
        Snowflake guild = EventGuild.of(event);
        long required = Intents.requiredFor(event.type(), guild != null);
        Snowflake updatedMember = GUILD_MEMBER_UPDATE.equals(event.type()) ? memberUser(event) : null;
        // A member's presence in a guild goes to the guild's bots alone: people see their friends' overall
        // presences, and members in a guild's member list, which clients ask for.
        boolean botsOnly = guild != null && PRESENCE_UPDATE.equals(event.type());
        DeliveryBatch.run(() -> {
            for (Snowflake user : users) {
                boolean aboutThemselves = user.equals(updatedMember);
                for (Session session : sessions.ofUser(user)) {
                    if (session.home().equals(home)
                            && (aboutThemselves || Intents.allows(session.intents(), required))
                            && (!botsOnly || session.principal().isBot())
                            && session.takes(guild)) {
                        session.dispatch(frames.frameFor(session));
                    }
                }
            }
        });
        frames.handedOut(sessions.replayBudget());
        timers.done(start);
    }

    /** The member's user id in a GUILD_MEMBER_UPDATE; null when it names none. */
    private static @Nullable Snowflake memberUser(EventEnvelope event) {
        return EventPayloads.read(event, GuildMemberPayload.class)
                .map(GuildMemberPayload::userId)
                .orElse(null);
    }

    @Override
    protected Disposable subscribe() {
        return feed(
                ownHome,
                subscriber.subscribe(
                        groupOf(ownHome), TOPICS, EventSubscriber.StartFrom.LATEST, feedOf(ownHome, id -> false)));
    }

    @Override
    public Disposable follow(String home, Instant notBefore, Predicate<String> delivered) {
        return feed(home, subscriber.takeOver(groupOf(home), TOPICS, notBefore, feedOf(home, delivered)));
    }

    @Override
    public Mono<Void> caughtUp(String home) {
        EventSubscriber.Subscription feed = feeds.get(home);
        return feed == null ? Mono.error(new IllegalStateException("no feed for home " + home)) : feed.caughtUp();
    }

    /** Keeps the home's subscription for {@link #caughtUp}, until it is disposed. */
    private Disposable feed(String home, EventSubscriber.Subscription subscription) {
        feeds.put(home, subscription);
        return () -> {
            feeds.remove(home, subscription);
            subscription.dispose();
        };
    }

    /** The consumer group of a home's feed: its committed offsets are where an adopting instance goes on. */
    private static String groupOf(String home) {
        return "gateway-" + home;
    }
}
