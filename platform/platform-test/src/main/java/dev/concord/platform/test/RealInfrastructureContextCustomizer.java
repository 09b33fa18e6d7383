package dev.concord.platform.test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.util.StringUtils;

/**
 * Points one test class's application context at its own slice of the shared infrastructure.
 *
 * <p>Equality is by test class: Spring's context cache key includes the customizers, so two classes
 * never share a context (and a database), while re-running the same class reuses its context.
 * The slice number is taken only when a context is actually built, not when the key is computed.
 */
final class RealInfrastructureContextCustomizer implements ContextCustomizer {

    static final String PROPERTY_SOURCE_NAME = "realInfrastructure";
    private static final AtomicInteger SLICES = new AtomicInteger();

    private final Class<?> testClass;

    RealInfrastructureContextCustomizer(Class<?> testClass) {
        this.testClass = testClass;
    }

    @Override
    public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration mergedConfig) {
        TestInfrastructure infrastructure = TestInfrastructure.get();
        InfrastructureHolder.stopAfterSpringContexts();
        int slice = SLICES.incrementAndGet();
        String database = TestNames.database(testClass, slice);
        infrastructure.createDatabase(database);

        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("spring.r2dbc.url", infrastructure.postgresR2dbcUrl(database));
        properties.put("spring.r2dbc.username", infrastructure.postgresUser());
        properties.put("spring.r2dbc.password", infrastructure.postgresPassword());
        properties.put("spring.flyway.url", infrastructure.postgresJdbcUrl(database));
        properties.put("spring.flyway.user", infrastructure.postgresUser());
        properties.put("spring.flyway.password", infrastructure.postgresPassword());
        properties.put("concord.redis.uri", infrastructure.redisUri());
        properties.put("concord.redis.key-prefix", "t" + slice + ":");
        properties.put("concord.kafka.bootstrap-servers", infrastructure.kafkaBootstrapServers());
        properties.put("concord.kafka.topic-prefix", "t" + slice + ".");
        properties.put("concord.auth.public-key", TestTokenKeys.publicKey());
        properties.put("concord.auth.private-key", TestTokenKeys.privateKey());
        properties.put("concord.auth.internal-secret", TestTokenKeys.internalSecret());
        properties.put("concord.test.database", database);
        // Closing a context stops Reactor Netty's shared event loops, which by default wait a quiet period of
        // 2 s first: with a context per test class, that wait was minutes of every build.
        properties.put("spring.reactor.netty.shutdown-quiet-period", "0s");
        // A test that starts a fake of its own (or points at a closed port) sets the address itself.
        if (!StringUtils.hasText(context.getEnvironment().getProperty("concord.users.base-url"))) {
            properties.put("concord.users.base-url", UserServiceFake.shared().url());
        }
        if (!StringUtils.hasText(context.getEnvironment().getProperty("concord.social.base-url"))) {
            properties.put("concord.social.base-url", SocialServiceFake.shared().url());
        }
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE_NAME, properties));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RealInfrastructureContextCustomizer customizer && customizer.testClass == testClass;
    }

    @Override
    public int hashCode() {
        return testClass.hashCode();
    }

    @Override
    public String toString() {
        return "RealInfrastructureContextCustomizer[" + testClass.getName() + "]";
    }
}
