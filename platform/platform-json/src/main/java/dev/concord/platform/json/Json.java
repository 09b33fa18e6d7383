package dev.concord.platform.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * The one wire format every service speaks. Services get it through Spring's JSON customisation; code
 * outside Spring (Kafka payloads, tests) uses {@link #mapper()}.
 */
public final class Json {

    private static final JsonMapper MAPPER = configure(JsonMapper.builder()).build();

    private Json() {}

    /** Applies the platform's settings to a builder (also used by Spring's mapper customizer). */
    public static JsonMapper.Builder configure(JsonMapper.Builder builder) {
        return builder.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .addModule(new SnowflakeModule())
                .addModule(new PossibleModule())
                .addModule(new TimestampModule())
                // Clients send fields we do not model (the platform adds fields often); ignoring them
                // keeps old servers compatible with new clients.
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                // The platform types its fields strictly: 600.5 is not an integer and 5 is not a string.
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .withCoercionConfig(LogicalType.Textual, config -> config.setCoercion(
                                CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DateTimeFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                // Nullable fields are written as null, like the platform does; only an absent Possible is
                // left out (its serializer reports absent as "empty").
                .withConfigOverride(
                        Possible.class,
                        override -> override.setInclude(JsonInclude.Value.construct(
                                JsonInclude.Include.NON_EMPTY, JsonInclude.Include.ALWAYS)));
    }

    public static JsonMapper mapper() {
        return MAPPER;
    }
}
