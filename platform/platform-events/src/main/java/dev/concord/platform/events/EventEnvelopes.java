package dev.concord.platform.events;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a {@link DomainEvent} as the envelope that travels on Kafka, with a fresh id and the time now:
 * one shape whichever way the event leaves the service ({@link Outbox}, {@link DirectEvents}).
 */
final class EventEnvelopes {

    /**
     * An {@link EventEnvelope}'s fields, with the data serialized straight from the service's object
     * rather than copied into a tree first.
     */
    private record OutboundEnvelope(
            Snowflake id, String type, OffsetDateTime occurredAt, String source, Audience audience, Object data) {}

    private final JsonMapper mapper;
    private final SnowflakeGenerator ids;
    private final Clock clock;
    private final String source;

    EventEnvelopes(
            JsonMapper mapper, SnowflakeGenerator ids, Clock clock, EventSettings settings, String applicationName) {
        this.mapper = mapper;
        this.ids = ids;
        this.clock = clock;
        this.source = settings.source() != null ? settings.source() : applicationName;
    }

    String write(DomainEvent event) {
        return mapper.writeValueAsString(new OutboundEnvelope(
                ids.next(),
                event.type(),
                OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC),
                source,
                event.audience(),
                event.data()));
    }
}
