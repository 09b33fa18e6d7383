package dev.concord.platform.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a {@code @SpringBootTest} class against the real {@link TestInfrastructure}, isolated from
 * every other test class: its own freshly created database, Redis key prefix and Kafka topic prefix,
 * and therefore its own application context. Sets (with highest precedence):
 * <ul>
 *   <li>{@code spring.r2dbc.url}, {@code spring.r2dbc.username}, {@code spring.r2dbc.password}</li>
 *   <li>{@code spring.flyway.url}, {@code spring.flyway.user}, {@code spring.flyway.password}</li>
 *   <li>{@code concord.redis.uri}, {@code concord.redis.key-prefix} (e.g. {@code t3:})</li>
 *   <li>{@code concord.kafka.bootstrap-servers}, {@code concord.kafka.topic-prefix} (e.g. {@code t3.})</li>
 *   <li>{@code concord.auth.public-key}, {@code concord.auth.private-key}: a token key pair made for
 *       this JVM, so the {@code TokenIssuer} bean exists and tests can mint tokens</li>
 *   <li>{@code concord.auth.internal-secret}: {@link TestTokenKeys#internalSecret()}, for calls to
 *       {@code /internal/**}</li>
 *   <li>{@code concord.test.database}: the database's name, for assertions</li>
 * </ul>
 * A failed test prints the JVM's threads ({@link ThreadDumpOnFailure}).
 * One context per class adds up: services should cap Spring's context cache, e.g. with
 * {@code spring.test.context.cache.maxSize=4} in {@code src/test/resources/spring.properties}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(ThreadDumpOnFailure.class)
public @interface RealInfrastructure {}
