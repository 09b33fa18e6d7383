package dev.concord.guild.integrations;

import static dev.concord.platform.events.EventTypes.APPLICATION_DELETE;

import dev.concord.guild.guilds.GuildJoins;
import dev.concord.guild.roles.BotRoles;
import dev.concord.platform.events.EventConsumer;
import dev.concord.platform.events.EventEnvelope;
import dev.concord.platform.events.EventPayloads;
import dev.concord.platform.events.EventSubscriber;
import dev.concord.platform.events.Outbox;
import dev.concord.platform.events.ProcessedEvents;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * An application deleted in remote-auth-service (APPLICATION_DELETE on identity.events) leaves every guild
 * it was added to: its integration goes, and its bot with its managed role — GUILD_ROLE_DELETE,
 * GUILD_MEMBER_REMOVE, GUILD_DELETE to the bot, INTEGRATION_DELETE and GUILD_INTEGRATIONS_UPDATE; and every
 * group DM it was added to (INTEGRATION_DELETE to the recipients). Once per event; the guilds one after
 * another, each locked while its bot goes.
 */
@Component
final class ApplicationRemovals extends EventConsumer {

    /** The events this consumer acts on; it passes over the rest of its topic without recording them. */
    static final Set<String> HANDLED = Set.of(APPLICATION_DELETE);

    static final String TOPIC = "identity.events";

    /** The APPLICATION_DELETE payload. */
    record DeletedApplication(
            @Nullable Snowflake id, @Nullable Snowflake botUserId) {}

    private final EventSubscriber subscriber;
    private final ProcessedEvents processed;
    private final IntegrationStore store;
    private final GuildJoins joins;
    private final BotRoles roles;
    private final Outbox outbox;
    private final GroupDmIntegrations groupDms;
    private final String groupId;

    ApplicationRemovals(
            EventSubscriber subscriber,
            ProcessedEvents processed,
            IntegrationStore store,
            GuildJoins joins,
            BotRoles roles,
            Outbox outbox,
            GroupDmIntegrations groupDms,
            @Value("${spring.application.name:guild-service}") String serviceName) {
        this.subscriber = subscriber;
        this.processed = processed;
        this.store = store;
        this.joins = joins;
        this.roles = roles;
        this.outbox = outbox;
        this.groupDms = groupDms;
        this.groupId = serviceName + ".application-removals";
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
        if (!APPLICATION_DELETE.equals(event.type())) {
            return Mono.empty();
        }
        DeletedApplication deleted = EventPayloads.read(event, DeletedApplication.class)
                .filter(payload -> payload.id() != null)
                .orElseThrow(() -> new IllegalArgumentException("unreadable application in event " + event.id()));
        Snowflake applicationId = Objects.requireNonNull(deleted.id());
        Snowflake botId = deleted.botUserId();
        return store.deleteApplication(applicationId)
                .concatMap(integration -> {
                    Snowflake guildId = integration.guildId();
                    Mono<Void> bot = botId == null
                            ? Mono.empty()
                            : roles.delete(guildId, botId)
                                    .then(joins.remove(guildId, botId))
                                    .then();
                    return joins.lock(guildId)
                            .then(bot)
                            .then(outbox.appendAll(List.of(
                                    IntegrationEvents.delete(integration, applicationId),
                                    IntegrationEvents.guildIntegrationsUpdate(guildId))));
                })
                .then(groupDms.removeApplication(applicationId));
    }
}
