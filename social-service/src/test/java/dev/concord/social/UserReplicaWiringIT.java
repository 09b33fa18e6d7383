package dev.concord.social;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.RealInfrastructure;
import dev.concord.platform.test.TestInfrastructure;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * social-service keeps its own copy of partial users from identity.events (relationships and Family
 * Center show them): a USER_CREATE published by remote-auth-service lands in this service's replica.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
@RealInfrastructure
class UserReplicaWiringIT {

    @Autowired
    UserDirectory users;

    @Value("${concord.kafka.topic-prefix}")
    String prefix;

    @Test
    void aUserCreatedByIdentityIsKnownHere() throws Exception {
        Snowflake id = Snowflake.of(80351110224678913L);
        String event = """
                {"id": "7001", "type": "USER_CREATE", "occurred_at": "2026-11-22T10:00:00Z", "source": "remote-auth-service",
                 "audience": {"user_ids": []},
                 "data": {"id": "%s", "username": "wiring", "discriminator": "0", "global_name": "Wiring", "avatar": null,
                          "public_flags": 0, "bot": false}}""".formatted(id.asString());
        Properties config = new Properties();
        config.putAll(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                TestInfrastructure.get().kafkaBootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class));
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            producer.send(new ProducerRecord<>(prefix + "identity.events", id.asString(), event))
                    .get();
        }

        PartialUser known = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (known == null && System.nanoTime() < deadline) {
            known = users.find(id).block(Duration.ofSeconds(5));
            if (known == null) {
                Thread.sleep(100);
            }
        }
        assertThat(known).isEqualTo(new PartialUser(id, "wiring", "0", "Wiring", null, 0, false));
    }
}
