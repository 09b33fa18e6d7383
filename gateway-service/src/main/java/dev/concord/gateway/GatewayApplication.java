package dev.concord.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

/** The client WebSocket gateway: sessions, and delivery of domain events to the clients they concern. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class GatewayApplication {

    @Bean
    InstanceId instanceId() {
        return InstanceId.random();
    }

    public static void main(String[] args) {
        SpringApplication.run(GatewayApplication.class, args);
    }
}
