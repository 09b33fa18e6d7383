package dev.concord.platform.infra;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EmbeddedRedisServerTest {

    @Test
    void servesSetAndGetWithoutPersistence() {
        try (EmbeddedRedisServer redis = EmbeddedRedisServer.start(0)) {
            assertThat(redis.uri()).isEqualTo("redis://127.0.0.1:" + redis.port());
            RedisClient client = RedisClient.create(redis.uri());
            try (StatefulRedisConnection<String, String> connection = client.connect()) {
                RedisCommands<String, String> commands = connection.sync();
                commands.set("greeting", "hello");

                assertThat(commands.get("greeting")).isEqualTo("hello");
                assertThat(commands.configGet("save")).isEqualTo(Map.of("save", ""));
                assertThat(commands.configGet("appendonly")).isEqualTo(Map.of("appendonly", "no"));
                assertThat(commands.configGet("bind")).isEqualTo(Map.of("bind", "127.0.0.1"));
            } finally {
                client.shutdown();
            }
        }
    }
}
