package dev.concord.platform.test;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Registered in {@code META-INF/spring.factories}, so it is consulted for every Spring test class;
 * it only acts on classes carrying {@link RealInfrastructure} (directly, inherited, or on an
 * enclosing class of a {@code @Nested} test).
 */
public final class RealInfrastructureContextCustomizerFactory implements ContextCustomizerFactory {

    @Override
    public @Nullable ContextCustomizer createContextCustomizer(
            Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
        if (!TestContextAnnotationUtils.hasAnnotation(testClass, RealInfrastructure.class)) {
            return null;
        }
        return new RealInfrastructureContextCustomizer(testClass);
    }
}
