package dev.concord.platform.json;

import java.time.temporal.Temporal;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.std.DelegatingDeserializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * Timestamps are read from ISO 8601 strings only. Jackson's java.time readers also take a number as
 * epoch seconds (and {@code 1e400} as the end of time) and ignore the coercion settings; the platform
 * refuses anything but a string, so a number here is the field's type error.
 */
final class TimestampModule extends SimpleModule {

    private static final long serialVersionUID = 1L;

    TimestampModule() {
        super("concord-timestamps");
        setDeserializerModifier(new ValueDeserializerModifier() {
            private static final long serialVersionUID = 1L;

            @Override
            public ValueDeserializer<?> modifyDeserializer(
                    DeserializationConfig config, BeanDescription.Supplier type, ValueDeserializer<?> deserializer) {
                return Temporal.class.isAssignableFrom(type.getBeanClass())
                        ? new StringsOnly(deserializer)
                        : deserializer;
            }
        });
    }

    /** The java.time reader, given nothing but strings (and null, which the field's rules judge). */
    private static final class StringsOnly extends DelegatingDeserializer {

        StringsOnly(ValueDeserializer<?> delegatee) {
            super(delegatee);
        }

        @Override
        protected ValueDeserializer<?> newDelegatingInstance(ValueDeserializer<?> delegatee) {
            return new StringsOnly(delegatee);
        }

        @Override
        public Object deserialize(JsonParser parser, DeserializationContext ctxt) {
            if (parser.currentToken() != JsonToken.VALUE_STRING) {
                return ctxt.handleUnexpectedToken(handledType(), parser);
            }
            return super.deserialize(parser, ctxt);
        }
    }
}
