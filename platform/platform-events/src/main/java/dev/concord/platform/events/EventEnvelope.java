package dev.concord.platform.events;

import dev.concord.platform.ids.Snowflake;
import java.time.OffsetDateTime;
import tools.jackson.databind.JsonNode;

/**
 * What travels on Kafka: {@code {"id","type","occurred_at","source","audience","data"}}. {@code type} is
 * the gateway dispatch name (e.g. {@code USER_SETTINGS_UPDATE}); {@code data} is the dispatch payload.
 * Documented in docs/events.md.
 */
public record EventEnvelope(
        Snowflake id, String type, OffsetDateTime occurredAt, String source, Audience audience, JsonNode data) {}
