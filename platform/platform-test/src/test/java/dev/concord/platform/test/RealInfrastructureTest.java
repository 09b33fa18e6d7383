package dev.concord.platform.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;

/** Two annotated classes must each get a working, separate slice of the shared infrastructure. */
class RealInfrastructureTest {

    private static final List<String> SLICED = List.of(
            "concord.test.database",
            "spring.r2dbc.url",
            "spring.flyway.url",
            "concord.redis.key-prefix",
            "concord.kafka.topic-prefix");
    private static final Map<Class<?>, Map<String, String>> SEEN = new ConcurrentHashMap<>();

    @SpringBootConfiguration
    static class MinimalApplication {}

    @AfterAll
    static void eachClassGotItsOwnSlice() {
        assertThat(SEEN).hasSize(2);
        Map<String, String> first = SEEN.get(First.class);
        Map<String, String> second = SEEN.get(Second.class);
        for (String property : SLICED) {
            assertThat(first.get(property)).as(property).isNotEqualTo(second.get(property));
        }
        assertThat(first.get("concord.kafka.bootstrap-servers"))
                .isEqualTo(second.get("concord.kafka.bootstrap-servers"));
    }

    abstract static class SliceCheck {

        @Autowired
        Environment environment;

        @Test
        void propertiesPointAtALiveDatabaseAndRedis() throws SQLException {
            Map<String, String> values = new ConcurrentHashMap<>();
            for (String property : List.of(
                    "concord.test.database",
                    "spring.r2dbc.url",
                    "spring.r2dbc.username",
                    "spring.r2dbc.password",
                    "spring.flyway.url",
                    "spring.flyway.user",
                    "spring.flyway.password",
                    "concord.redis.uri",
                    "concord.redis.key-prefix",
                    "concord.kafka.bootstrap-servers",
                    "concord.kafka.topic-prefix")) {
                assertThat(environment.getProperty(property)).as(property).isNotBlank();
                values.put(property, environment.getProperty(property));
            }
            SEEN.put(getClass(), values);

            String database = values.get("concord.test.database");
            assertThat(database).matches("real_infrastructure_test_(first|second)_\\d+");
            assertThat(values.get("spring.r2dbc.url"))
                    .startsWith("r2dbc:postgresql://")
                    .endsWith("/" + database);
            assertThat(values.get("concord.redis.key-prefix")).matches("t\\d+:");
            assertThat(values.get("concord.kafka.topic-prefix")).matches("t\\d+\\.");
            try (Connection connection = DriverManager.getConnection(
                            values.get("spring.flyway.url"),
                            values.get("spring.flyway.user"),
                            values.get("spring.flyway.password"));
                    Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT current_database()")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(1)).isEqualTo(database);
            }
            RedisClient redis = RedisClient.create(values.get("concord.redis.uri"));
            try (StatefulRedisConnection<String, String> connection = redis.connect()) {
                String key = values.get("concord.redis.key-prefix") + "probe";
                connection.sync().set(key, database);
                assertThat(connection.sync().get(key)).isEqualTo(database);
            } finally {
                redis.shutdown();
            }
        }
    }

    @Nested
    @SpringBootTest(classes = MinimalApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
    @RealInfrastructure
    class First extends SliceCheck {}

    @Nested
    @SpringBootTest(classes = MinimalApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE)
    @RealInfrastructure
    class Second extends SliceCheck {}
}
