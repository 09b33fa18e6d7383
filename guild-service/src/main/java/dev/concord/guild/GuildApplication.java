package dev.concord.guild;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Guilds, channels, roles, members and permissions, with integrations, GIFs, discovery, emoji, directories, stage, voice and auto moderation. */
@SpringBootApplication
public class GuildApplication {

    public static void main(String[] args) {
        SpringApplication.run(GuildApplication.class, args);
    }
}
