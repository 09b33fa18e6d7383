package dev.concord.platform.events;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * Reads an event's data as the record its consumer wants (the records of {@code
 * dev.concord.platform.events.payload}), once, like Discord4J's {@code PayloadDeserializer}: with the
 * platform's JSON settings (unknown fields ignored), except that an id is read "snowflake or nothing"
 * ({@link Snowflake#parseOrNull}; a string or an integer, anything else null). Another service's event
 * whose id we cannot read tells us nothing about that id, and must not stop the rest of it from being
 * read.
 */
public final class EventPayloads {

    private static final JsonMapper MAPPER = Json.configure(JsonMapper.builder())
            .addModule(new SimpleModule("concord-snowflake-or-nothing")
                    .addDeserializer(Snowflake.class, new SnowflakeOrNothing()))
            .build();

    private EventPayloads() {}

    /** The event's data as {@code type}; empty when it has none or it does not have {@code type}'s shape. */
    public static <T> Optional<T> read(EventEnvelope event, Class<T> type) {
        if (event.data() == null || !event.data().isObject()) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(MAPPER.treeToValue(event.data(), type));
        } catch (JacksonException unreadable) {
            return Optional.empty();
        }
    }

    /** A string or integer that spells a snowflake; null for anything else, skipping it whole. */
    static final class SnowflakeOrNothing extends ValueDeserializer<Snowflake> {

        @Override
        public @Nullable Snowflake deserialize(JsonParser parser, DeserializationContext context) {
            return switch (parser.currentToken()) {
                case VALUE_STRING, VALUE_NUMBER_INT -> Snowflake.parseOrNull(parser.getString());
                default -> {
                    parser.skipChildren();
                    yield null;
                }
            };
        }
    }
}
