package dev.concord.remoteauth.support;

import dev.concord.platform.auth.TokenIssuer;
import dev.concord.platform.test.KafkaEvents;
import dev.concord.platform.test.RealInfrastructure;
import dev.concord.platform.test.TestClients;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The service on a random port against real PostgreSQL, Redis and Kafka, with what the API tests use
 * to drive it and to check what it stored and announced. Each subclass gets its own context and data.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@RealInfrastructure
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ApiTestSupport {

    @Autowired
    protected WebTestClient client;

    @Autowired
    protected DatabaseClient db;

    @Autowired
    protected TokenIssuer tokens;

    @Autowired
    protected RedisReactiveCommands<String, String> redis;

    @Value("${concord.kafka.bootstrap-servers}")
    protected String bootstrapServers;

    @Value("${concord.kafka.topic-prefix}")
    protected String topicPrefix;

    @Value("${concord.redis.key-prefix}")
    protected String redisPrefix;

    @LocalServerPort
    protected int port;

    protected Api api;
    protected Accounts accounts;
    protected Rows rows;
    /** identity.events from the start of the class on. */
    protected KafkaEvents events;

    @BeforeAll
    void connect() {
        api = new Api(TestClients.unpooled(port));
        accounts = new Accounts(api);
        rows = new Rows(db);
        events = KafkaEvents.tail(bootstrapServers, topicPrefix + "identity.events");
    }

    @AfterAll
    void disconnect() {
        events.close();
    }
}
