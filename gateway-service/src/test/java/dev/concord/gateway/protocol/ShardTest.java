package dev.concord.gateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import org.junit.jupiter.api.Test;

class ShardTest {

    /** A real guild id: 1234567890123456789 >> 22 is 294343929802, which is 2 modulo 5. */
    private static final Snowflake GUILD = Snowflake.of(1234567890123456789L);

    @Test
    void aGuildBelongsToTheShardOfItsTimestampModuloTheShardCount() {
        assertThat(new Shard(2, 5).covers(GUILD.value())).isTrue();
        assertThat(new Shard(1, 5).covers(GUILD.value())).isFalse();
        assertThat(new Shard(0, 1).covers(GUILD.value())).isTrue();
    }

    @Test
    void eventsOfNoGuildGoToShardZeroAndUnshardedSessionsTakeEverything() {
        assertThat(Shard.takes(new Shard(0, 3), null)).isTrue();
        assertThat(Shard.takes(new Shard(1, 3), null)).isFalse();
        assertThat(Shard.takes(null, GUILD)).isTrue();
        assertThat(Shard.takes(null, null)).isTrue();
        assertThat(Shard.takes(new Shard(2, 5), GUILD)).isTrue();
        assertThat(Shard.takes(new Shard(3, 5), GUILD)).isFalse();
    }

    @Test
    void aSessionRecordKeepsItAsText() {
        assertThat(Shard.fromText(new Shard(3, 8).asText())).isEqualTo(new Shard(3, 8));
        assertThat(Shard.fromText("")).isNull();
    }
}
