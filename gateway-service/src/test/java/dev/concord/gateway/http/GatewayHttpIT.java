package dev.concord.gateway.http;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ServiceContract;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.json.JsonCompareMode;

/** GET /gateway, GET /gateway/bot, plain HTTP on the socket's path, and what every service must do. */
@TestPropertySource(properties = "concord.gateway.public-url=ws://gateway.test")
class GatewayHttpIT extends ServiceContract {

    @Test
    void gatewayNeedsNoToken() {
        client.get()
                .uri("/gateway")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .json("{\"url\":\"ws://gateway.test\"}", JsonCompareMode.STRICT);
    }

    @Test
    void gatewayBotAnswersBots() {
        client.get()
                .uri("/gateway/bot")
                .header(HttpHeaders.AUTHORIZATION, tokens.bot(Snowflake.of(3001)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .json("""
                        {"url":"ws://gateway.test","shards":1,
                         "session_start_limit":{"total":1000,"remaining":1000,"reset_after":0,"max_concurrency":1}}
                        """, JsonCompareMode.STRICT);
    }

    @Test
    void gatewayBotIs401WithoutABotToken() {
        client.get()
                .uri("/gateway/bot")
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .json("{\"message\":\"401: Unauthorized\",\"code\":0}", JsonCompareMode.STRICT);
        client.get()
                .uri("/gateway/bot")
                .header(HttpHeaders.AUTHORIZATION, validToken())
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .json("{\"message\":\"401: Unauthorized\",\"code\":0}", JsonCompareMode.STRICT);
    }

    @Test
    void theSocketPathWithoutAnUpgradeAnswersInThePlatformShape() {
        client.get()
                .uri("/?v=10&encoding=json")
                .exchange()
                .expectStatus()
                .isEqualTo(426)
                .expectHeader()
                .contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
                .expectBody()
                .json("{\"message\":\"426: Upgrade Required\",\"code\":0}", JsonCompareMode.STRICT);
        client.post()
                .uri("/")
                .exchange()
                .expectStatus()
                .isEqualTo(405)
                .expectBody()
                .json("{\"message\":\"405: Method Not Allowed\",\"code\":0}", JsonCompareMode.STRICT);
    }
}
