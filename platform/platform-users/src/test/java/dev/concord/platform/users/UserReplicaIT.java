package dev.concord.platform.users;

import static dev.concord.platform.events.EventTypes.USER_CREATE;
import static dev.concord.platform.events.EventTypes.USER_UPDATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.RealInfrastructure;
import dev.concord.platform.test.TestInfrastructure;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
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
        assertThat(users.findByUsername("NELLY").block()).isEqualTo(updated);
        assertThat(users.findAll(List.of(id, Snowflake.of(2), Snowflake.of(3)))
                        .collectList()
                        .block())
                .hasSize(2);
    }

    private void publish(long eventId, String type, Snowflake user, String username, String globalName) {
        String globalNameJson = globalName == null ? "null" : "\"" + globalName + "\"";
        String json = "{\"id\":\"" + eventId + "\",\"type\":\"" + type + "\",\"occurred_at\":\"2026-11-21T10:00:00Z\","
                + "\"source\":\"remote-auth-service\",\"audience\":{\"user_ids\":[]},\"data\":{\"id\":\""
                + user.asString()
                + "\",\"username\":\"" + username + "\",\"discriminator\":\"0\",\"global_name\":" + globalNameJson
                + ",\"avatar\":null,\"public_flags\":0,\"bot\":false}}";
        Properties config = new Properties();
        config.putAll(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                TestInfrastructure.get().kafkaBootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class));
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            producer.send(new ProducerRecord<>(prefix + "identity.events", user.asString(), json))
                    .get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static <T> T await(Supplier<Mono<T>> query, Predicate<T> done) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            T value = query.get().block();
            if (value != null && done.test(value)) {
                return value;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("replica did not catch up in 30 s");
    }
}
