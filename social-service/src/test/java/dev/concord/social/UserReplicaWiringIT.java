package dev.concord.social;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.EventPublisher;
import dev.concord.platform.test.RealInfrastructure;
import dev.concord.platform.test.TestInfrastructure;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import java.time.Duration;
import java.util.Objects;
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
    void aUserCreatedByIdentityIsKnownHere() {
        Snowflake id = Snowflake.of(80351110224678913L);
        String event = """
                {"id": "7001", "type": "USER_CREATE", "occurred_at": "2026-11-22T10:00:00Z", "source": "remote-auth-service",
                 "audience": {"user_ids": []},
                 "data": {"id": "%s", "username": "wiring", "discriminator": "0", "global_name": "Wiring", "avatar": null,
                          "public_flags": 0, "bot": false}}""".formatted(id.asString());
        try (EventPublisher publisher =
                new EventPublisher(TestInfrastructure.get().kafkaBootstrapServers())) {
            publisher.publish(prefix + "identity.events", id.asString(), event);
        }

        PartialUser known = await().atMost(Duration.ofSeconds(20))
                .until(() -> users.find(id).block(Duration.ofSeconds(5)), Objects::nonNull);
        assertThat(known).isEqualTo(new PartialUser(id, "wiring", "0", "Wiring", null, 0, false));
    }
}
