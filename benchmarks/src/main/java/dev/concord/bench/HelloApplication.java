package dev.concord.bench;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The ceiling: the cheapest WebFlux response this machine can serve, measured in the same run as the
 * real endpoints so their figures can be read against it.
 */
@SpringBootApplication
public class HelloApplication {

    public static void main(String[] args) {
        SpringApplication.run(HelloApplication.class, args);
    }

    @Bean
    RouterFunction<ServerResponse> hello() {
        return route().GET("/hello", request -> ServerResponse.ok().bodyValue("hello"))
                .build();
    }
}
