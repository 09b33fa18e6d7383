package dev.concord.platform.json;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.Temporal;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.cfg.DateTimeFeature;
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
            // The fast reader keeps the offset it reads, as this project's mapper does (it does not adjust
            // to the context's zone); a mapper that adjusts gets java.time's reader alone.
            Object fast =
                    ctxt.isEnabled(DateTimeFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE) ? null : fast(parser.getString());
            return fast != null ? fast : super.deserialize(parser, ctxt);
        }

        /** The platform's own shape, read without the formatter; null leaves the text to java.time's reader. */
        private @Nullable Object fast(String text) {
            Class<?> type = handledType();
            if (type == OffsetDateTime.class) {
                return IsoTimestamps.offsetDateTime(text);
            }
            return type == Instant.class ? IsoTimestamps.instant(text) : null;
        }
    }
}
