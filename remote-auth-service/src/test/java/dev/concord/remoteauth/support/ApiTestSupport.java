package dev.concord.remoteauth.support;

import dev.concord.platform.test.ServiceApiTest;
import dev.concord.platform.test.TestClients;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * remote-auth-service through HTTP, with identity.events tailed from the start of the class, and what its
 * API tests add: calls that show headers too, registered accounts, stored rows and Redis keys.
 */
@AutoConfigureWebTestClient
public abstract class ApiTestSupport extends ServiceApiTest {

    @Autowired
    protected WebTestClient client;

    @Autowired
    protected RedisReactiveCommands<String, String> redis;

    @Value("${concord.redis.key-prefix}")
    protected String redisPrefix;

    protected Api api;
    protected Accounts accounts;
    protected Rows rows;

    protected ApiTestSupport() {
        super("identity.events");
    }

    @BeforeAll
    void connect() {
        api = new Api(TestClients.unpooled(port));
        accounts = new Accounts(api);
        rows = new Rows(db);
    }
}
