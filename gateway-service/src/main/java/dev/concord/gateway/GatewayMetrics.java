package dev.concord.gateway;

import dev.concord.gateway.session.Connections;
import dev.concord.gateway.session.SessionRegistry;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Gauges for the autoscaler and dashboards: sockets held and sessions kept (connected or resumable). */
@Configuration(proxyBeanMethods = false)
class GatewayMetrics {

    @Bean
    MeterBinder gatewayGauges(Connections connections, SessionRegistry sessions) {
        return registry -> {
            Gauge.builder("gateway.connections", connections, Connections::count)
                    .description("Open client sockets on this instance")
                    .register(registry);
            Gauge.builder("gateway.sessions", sessions, SessionRegistry::size)
                    .description("Sessions on this instance, connected or waiting to be resumed")
                    .register(registry);
        };
    }
}
