package dev.concord.platform.json;

import dev.concord.platform.ids.Snowflake;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;

/** Snowflakes are written as strings; read from strings or (as some clients send them) integers. */
final class SnowflakeModule extends SimpleModule {

    private static final long serialVersionUID = 1L;

    SnowflakeModule() {
        super("concord-snowflake");
        addSerializer(Snowflake.class, new ValueSerializer<>() {
            @Override
            public void serialize(Snowflake value, JsonGenerator gen, SerializationContext ctxt) {
                gen.writeString(value.asString());
            }
        });
        addDeserializer(Snowflake.class, new ValueDeserializer<>() {
            @Override
            public Snowflake deserialize(JsonParser parser, DeserializationContext ctxt) {
                JsonToken token = parser.currentToken();
                if (token == JsonToken.VALUE_NUMBER_INT
                        && parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
                    long value = parser.getLongValue();
                    if (value >= 0) {
                        return Snowflake.of(value);
                    }
                    return (Snowflake) ctxt.handleWeirdNumberValue(Snowflake.class, value, "is not snowflake");
                }
                if (token == JsonToken.VALUE_STRING) {
                    String text = parser.getString();
                    try {
                        return Snowflake.parse(text);
                    } catch (NumberFormatException e) {
                        return (Snowflake) ctxt.handleWeirdStringValue(Snowflake.class, text, "is not snowflake");
                    }
                }
                return (Snowflake) ctxt.handleUnexpectedToken(Snowflake.class, parser);
            }
        });
    }
}
