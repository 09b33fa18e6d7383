package dev.concord.edge;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The local stack's single port: every path goes to the service that owns it, per routes.yaml. Spring
 * only wires configuration here; requests never pass through a web framework (see {@link EdgeServer}).
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class EdgeApplication {

    public static void main(String[] args) {
        SpringApplication.run(EdgeApplication.class, args);
    }
}
