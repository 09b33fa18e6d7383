package dev.concord.remoteauth;

import dev.concord.platform.users.UsersAutoConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Identity: accounts, login and logout, passwords and the user object; the one service that signs tokens.
 * It shares platform-users' {@code PartialUser} but keeps no replica of users: it is where they come from.
 */
@SpringBootApplication(exclude = UsersAutoConfiguration.class)
@ConfigurationPropertiesScan
public class RemoteAuthApplication {

    public static void main(String[] args) {
        SpringApplication.run(RemoteAuthApplication.class, args);
    }
}
