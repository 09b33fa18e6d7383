package dev.concord.gateway.dispatch;

import static dev.concord.platform.events.EventTypes.GUILD_ROLE_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.guilds.GuildAuthorization;
import dev.concord.platform.ids.Snowflake;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/**
 * The guild authorization caches learn of guild changes from the gateway's own feed: no second consumer
 * of guild.events runs, and a permission-changing event drops the cached answers.
 */
class GuildCacheFeedIT extends GuildDeliverySupport {

    private static final long GUILD = 5700;
    private static final long MEMBER = 5702;

    @Autowired
    ApplicationContext context;

    @Autowired
    GuildAuthorization authorization;

    @Test
    void theGatewaysFeedDropsTheCachedAnswersAGuildChangeMakesStale() {
        assertThat(context.containsBean("guildEventsListener"))
                .as("the library's own consumer of guild.events")
                .isFalse();
        GUILD_SERVICE.guild(GUILD, 5701).member(MEMBER, VIEW);
        assertThat(ask()).isEqualTo(VIEW);
        int asked = GUILD_SERVICE.requestsAbout(GUILD).size();
        assertThat(ask()).isEqualTo(VIEW);
        assertThat(GUILD_SERVICE.requestsAbout(GUILD)).as("cached").hasSize(asked);

        guildEvent(GUILD, GUILD_ROLE_UPDATE, guild(GUILD), "{\"guild_id\":\"" + GUILD + "\",\"role\":{\"id\":\"1\"}}");

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(ask()).isEqualTo(VIEW);
            assertThat(GUILD_SERVICE.requestsAbout(GUILD)).as("asked again").hasSizeGreaterThan(asked);
        });
    }

    private Long ask() {
        return authorization
                .permissions(Snowflake.of(GUILD), Snowflake.of(MEMBER))
                .block(Duration.ofSeconds(5));
    }
}
