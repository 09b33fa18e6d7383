package dev.concord.gateway.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import org.junit.jupiter.api.Test;

class RecentEventsTest {

    @Test
    void remembersTheLastIdsOnly() {
        RecentEvents recent = new RecentEvents(2);

        assertThat(recent.firstSighting(Snowflake.of(1))).isTrue();
        assertThat(recent.firstSighting(Snowflake.of(1))).isFalse();
        assertThat(recent.firstSighting(Snowflake.of(2))).isTrue();
        assertThat(recent.firstSighting(Snowflake.of(3))).isTrue();

        assertThat(recent.firstSighting(Snowflake.of(1)))
                .as("forgotten: older than the window")
                .isTrue();
        assertThat(recent.firstSighting(Snowflake.of(3))).isFalse();
    }
}
