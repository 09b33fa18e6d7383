package dev.concord.platform.web;

import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Json;
import dev.concord.platform.netty.MalformedRequests;
import java.time.Clock;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.web.reactive.function.server.RouterFunction;
import tools.jackson.databind.json.JsonMapper;

/** What every service gets by depending on platform-web: the wire format and the error shape. */
@AutoConfiguration
@EnableConfigurationProperties(NodeSettings.class)
public class WebPlatformAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    Clock clock() {
        return Clock.systemUTC();
    }

    /**
     * Ids made by this instance with a configured worker. Where none is configured platform-redis leases
     * one; without Redis (a tool, not a replicated service) worker 0 is the only sensible choice.
     */
    @Bean
    @ConditionalOnMissingBean
    SnowflakeGenerator snowflakeGenerator(NodeSettings node, Clock clock) {
        return new SnowflakeGenerator(node.worker() == null ? 0 : node.worker(), node.process(), clock);
    }

    @Bean
    JsonMapperBuilderCustomizer platformJson() {
        return Json::configure;
    }

    @Bean
    RouteCatalog routeCatalog(ObjectProvider<RouterFunction<?>> routers) {
        return new RouteCatalog(List.copyOf(routers.orderedStream().toList()));
    }

    @Bean
    NulInPathFilter nulInPathFilter() {
        return new NulInPathFilter();
    }

    @Bean
    HeadAsGetFilter headAsGetFilter() {
        return new HeadAsGetFilter();
    }

    /** Requests Netty's decoder refuses (414, 431, 400) answered in the platform's shape, not with no body. */
    @Bean
    NettyServerCustomizer malformedRequestsInThePlatformsShape() {
        return MalformedRequests::answeredIn;
    }

    /** Ordered before Spring Boot's error handler (-1) and its response-status handler (0). */
    @Bean
    @Order(-2)
    ApiExceptionHandler apiExceptionHandler(JsonMapper mapper, RouteCatalog routes) {
        return new ApiExceptionHandler(mapper, routes);
    }
}
