package dev.concord.platform.events;

import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import reactor.netty.resources.LoopResources;

/**
 * The PostgreSQL driver's connections on event loops of their own, spread over all of them. A connection's
 * rows are decoded, and mapped, on its loop's thread. Reactor Netty (1.3) takes two loops from the group for
 * each connection it opens and registers the connection on the second, so with an even number of loops every
 * other loop never gets one: with the default loops of a two-core machine, every connection of a service sat
 * on one thread (a run of the stage benchmark: 10.3 s of CPU on it, none on the other). An odd number of
 * loops, without colocation, puts the pool's connections on each loop in turn.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration")
@ConditionalOnClass(PostgresqlConnectionFactoryProvider.class)
public class DatabaseLoopsAutoConfiguration {

    /** At least as many loops as cores, and an odd number of them. */
    static int loopCount(int cores) {
        return cores % 2 == 0 ? cores + 1 : cores;
    }

    @Bean(destroyMethod = "dispose")
    LoopResources databaseLoops() {
        return LoopResources.create(
                "r2dbc-postgresql", 1, loopCount(Runtime.getRuntime().availableProcessors()), true, false);
    }

    @Bean
    ConnectionFactoryOptionsBuilderCustomizer databaseLoopsCustomizer(LoopResources databaseLoops) {
        return options -> options.option(PostgresqlConnectionFactoryProvider.LOOP_RESOURCES, databaseLoops);
    }
}
