package dev.concord.platform.users;

import static dev.concord.platform.events.EventTypes.USER_CREATE;
import static dev.concord.platform.events.EventTypes.USER_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.EventPublisher;
import dev.concord.platform.test.RealInfrastructure;
import dev.concord.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/** The replica follows identity.events: creates, updates, ignores repeats and older events. */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {
            "spring.application.name=replica-test",
            "spring.flyway.locations=classpath:db/platform,classpath:db/users",
            "logging.level.org.apache.kafka=WARN"
        })
@RealInfrastructure
class UserReplicaIT {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {}

    @Autowired
    UserDirectory users;

    @Autowired
    DatabaseClient db;

    @Value("${concord.kafka.topic-prefix}")
    String prefix;

    @Test
    void followsCreateAndUpdateAndIgnoresOlderEvents() {
        Snowflake id = Snowflake.of(80351110224678912L);
        publish(100, USER_CREATE, id, "nelly", null);
        PartialUser created = await(() -> users.find(id), user -> true);
        assertThat(created).isEqualTo(new PartialUser(id, "nelly", "0", null, null, 0, false));

        publish(300, USER_UPDATE, id, "nelly", "Nelly");
        publish(200, USER_UPDATE, id, "stale", "Stale");
        publish(300, USER_UPDATE, id, "nelly", "Nelly");
        publish(400, USER_UPDATE, Snowflake.of(2), "other", null);

        await(() -> users.find(Snowflake.of(2)), user -> true);
        PartialUser updated = users.find(id).block();
        assertThat(updated.globalName()).isEqualTo("Nelly");
        assertThat(updated.username()).isEqualTo("nelly");
        // By username it is the replica that answers: its own consumer may still be behind the cache's.
        assertThat(await(() -> users.findByUsername("NELLY"), user -> "Nelly".equals(user.globalName())))
                .isEqualTo(updated);
        assertThat(users.findAll(List.of(id, Snowflake.of(2), Snowflake.of(3)))
                        .collectList()
                        .block())
                .hasSize(2);

        // Known in memory now: read without the replica, until forgotten.
        db.sql("DELETE FROM user_replica WHERE id = :id")
                .bind("id", id.value())
                .then()
                .block();
        assertThat(users.find(id).block()).isEqualTo(updated);
        users.forget(id);

        // A user no event names (so none can arrive late and bring it back): read, changed, forgotten, read.
        Snowflake quiet = Snowflake.of(80351110224678913L);
        db.sql("""
                        INSERT INTO user_replica (id, username, discriminator, global_name, avatar, public_flags, bot, last_event_id)
                        VALUES (:id, 'quiet', '0', NULL, NULL, 0, false, 0)""").bind("id", quiet.value()).then().block();
        assertThat(users.find(quiet).block().globalName()).isNull();
        db.sql("UPDATE user_replica SET global_name = 'Elsewhere' WHERE id = :id")
                .bind("id", quiet.value())
                .then()
                .block();
        assertThat(users.find(quiet).block().globalName()).as("kept in memory").isNull();
        users.forget(quiet);
        assertThat(users.find(quiet).block().globalName()).isEqualTo("Elsewhere");
    }

    private void publish(long eventId, String type, Snowflake user, String username, String globalName) {
        String globalNameJson = globalName == null ? "null" : "\"" + globalName + "\"";
        String json = "{\"id\":\"" + eventId + "\",\"type\":\"" + type + "\",\"occurred_at\":\"2026-11-21T10:00:00Z\","
                + "\"source\":\"remote-auth-service\",\"audience\":{\"user_ids\":[]},\"data\":{\"id\":\""
                + user.asString()
                + "\",\"username\":\"" + username + "\",\"discriminator\":\"0\",\"global_name\":" + globalNameJson
                + ",\"avatar\":null,\"public_flags\":0,\"bot\":false}}";
        try (EventPublisher publisher =
                new EventPublisher(TestInfrastructure.get().kafkaBootstrapServers())) {
            publisher.publish(prefix + "identity.events", user.asString(), json);
        }
    }

    private static <T> T await(Supplier<Mono<T>> query, Predicate<T> done) {
        return Awaitility.await("the replica catches up")
                .atMost(Duration.ofSeconds(30))
                .until(() -> query.get().block(), value -> value != null && done.test(value));
    }
}
