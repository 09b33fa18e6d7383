package dev.concord.remoteauth;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Identity: accounts, login and logout, passwords and the user object; the one service that signs tokens. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class RemoteAuthApplication {

    public static void main(String[] args) {
        SpringApplication.run(RemoteAuthApplication.class, args);
    }
}
