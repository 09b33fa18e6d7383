package dev.concord.platform.json;

import java.util.Optional;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.deser.Deserializers;
import tools.jackson.databind.jsontype.TypeDeserializer;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.module.SimpleSerializers;

/**
 * Teaches Jackson {@link Possible}: a missing property is absent; a JSON null is {@code Optional.empty()}
 * inside a {@code Possible<Optional<T>>} and, for any other {@code Possible<T>}, absent marked
 * {@link Possible#isSentNull() sent null}, for validation to refuse.
 */
final class PossibleModule extends SimpleModule {

    private static final long serialVersionUID = 1L;

    PossibleModule() {
        super("concord-possible");
        SimpleSerializers serializers = new SimpleSerializers();
        serializers.addSerializer(Possible.class, new PossibleSerializer());
        setSerializers(serializers);
    }

    @Override
    public void setupModule(SetupContext context) {
        super.setupModule(context);
        context.addDeserializers(new PossibleDeserializers());
    }

    private static final class PossibleDeserializers extends Deserializers.Base {
        @Override
        public @Nullable ValueDeserializer<?> findBeanDeserializer(
                JavaType type, DeserializationConfig config, BeanDescription.Supplier description) {
            return type.hasRawClass(Possible.class) ? new PossibleDeserializer(type.containedTypeOrUnknown(0)) : null;
        }

        @Override
        public boolean hasDeserializerFor(DeserializationConfig config, Class<?> valueType) {
            return valueType == Possible.class;
        }
    }

    private static final class PossibleDeserializer extends ValueDeserializer<Possible<?>> {
        private final JavaType valueType;
        private final @Nullable ValueDeserializer<Object> valueDeserializer;

        PossibleDeserializer(JavaType valueType) {
            this(valueType, null);
        }

        private PossibleDeserializer(JavaType valueType, @Nullable ValueDeserializer<Object> valueDeserializer) {
            this.valueType = valueType;
            this.valueDeserializer = valueDeserializer;
        }

        @Override
        public ValueDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
            return new PossibleDeserializer(valueType, ctxt.findContextualValueDeserializer(valueType, property));
        }

        @Override
        public Possible<?> deserialize(JsonParser parser, DeserializationContext ctxt) {
            ValueDeserializer<Object> values =
                    valueDeserializer != null ? valueDeserializer : ctxt.findRootValueDeserializer(valueType);
            Object value = values.deserialize(parser, ctxt);
            return value == null ? nullValue() : Possible.of(value);
        }

        @Override
        public Object deserializeWithType(
                JsonParser p, DeserializationContext ctxt, TypeDeserializer typeDeserializer) {
            return deserialize(p, ctxt);
        }

        @Override
        public Object getNullValue(DeserializationContext ctxt) {
            return nullValue();
        }

        private Possible<?> nullValue() {
            return valueType.hasRawClass(Optional.class) ? Possible.of(Optional.empty()) : Possible.sentNull();
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return Possible.absent();
        }
    }

    @SuppressWarnings("rawtypes")
    private static final class PossibleSerializer extends ValueSerializer<Possible> {
        @Override
        public void serialize(Possible value, JsonGenerator gen, SerializationContext ctxt) {
            Object inner = value.orNull();
            if (inner instanceof Optional<?> optional) {
                inner = optional.orElse(null);
            }
            if (inner == null) {
                gen.writeNull();
            } else {
                ctxt.writeValue(gen, inner);
            }
        }

        @Override
        public boolean isEmpty(SerializationContext ctxt, @Nullable Possible value) {
            return value == null || value.isAbsent();
        }
    }
}
