package dev.concord.platform.web;

import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import dev.concord.platform.json.Possible;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class ErrorShapesTest {

    record Folder(List<Long> guildIds, String name) {}

    record Body(Possible<String> name, Integer count, List<Folder> folders) implements Violations.Validatable {
        @Override
        public void validate(Violations v) {
            v.notNullIfSent("name", name);
            name.ifPresent(n -> v.length("name", n, 2, 32));
            v.range("count", count, 0, 10);
            if (folders != null) {
                for (int i = 0; i < folders.size(); i++) {
                    v.at("folders").at(i).length("name", folders.get(i).name(), 0, 5);
                }
            }
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        @Bean
        RouterFunction<ServerResponse> routes() {
            return route().PATCH("/things/{id}", req -> JsonBodies.checked(req, Body.class, 1024)
                            .flatMap(body -> ServerResponse.ok().bodyValue(body)))
                    .GET("/things/{id}", req -> Mono.error(ApiErrors.unknown(Unknown.USER)))
                    .path(
                            "/nested",
                            b -> b.DELETE(
                                    "/item", req -> ServerResponse.noContent().build()))
                    .GET("/boom", req -> Mono.error(new IllegalStateException("bug")))
                    .GET("/flag", req -> ServerResponse.ok().bodyValue(QueryParams.flag(req, "only_spam")))
                    .GET("/codes/{code}", req -> ServerResponse.ok().bodyValue(req.pathVariable("code")))
                    .GET("/ids/{id}", req -> ServerResponse.ok()
                            .bodyValue(PathIds.snowflake(req, "id").asString()))
                    .build();
        }
    }

    @Autowired
    WebTestClient client;

    @org.springframework.boot.test.web.server.LocalServerPort
    int port;

    @Test
    void fieldErrorsNestUnderTheirPath() {
        client.patch()
                .uri("/things/1")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"x\",\"count\":11,\"folders\":[{\"name\":\"ok\"},{\"name\":\"too long\"}]}")
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo(50035)
                .jsonPath("$.message")
                .isEqualTo("Invalid Form Body")
                .jsonPath("$.errors.name._errors[0].code")
                .isEqualTo("BASE_TYPE_BAD_LENGTH")
                .jsonPath("$.errors.name._errors[0].message")
                .isEqualTo("Must be between 2 and 32 in length.")
                .jsonPath("$.errors.count._errors[0].code")
                .isEqualTo("NUMBER_TYPE_MAX")
                .jsonPath("$.errors.folders.1.name._errors[0].code")
                .isEqualTo("BASE_TYPE_BAD_LENGTH")
                .jsonPath("$.errors.folders.0")
                .doesNotExist();
    }

    @Test
    void explicitNullOfARequiredFieldIsNamed() {
        client.patch()
                .uri("/things/1")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":null}")
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.errors.name._errors[0].code")
                .isEqualTo("BASE_TYPE_REQUIRED");
    }

    @Test
    void wrongTypeIsAFieldErrorNotA500() {
        client.patch()
                .uri("/things/1")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"count\":\"many\",\"folders\":[{\"guild_ids\":[\"x\"]}]}")
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo(50035)
                .jsonPath("$.errors.count._errors[0].code")
                .isEqualTo("NUMBER_TYPE_COERCE");
    }

    @Test
    void numberTooLargeIsAFieldErrorNamingTheField() {
        client.patch()
                .uri("/things/1")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"count\": 99999999999999999999}")
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo(50035)
                .jsonPath("$.errors.count._errors[0].code")
                .isEqualTo("NUMBER_TYPE_MAX");
    }

    @Test
    void malformedJsonIs50109() {
        client.patch()
                .uri("/things/1")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\": ")
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo(50109);
    }

    @Test
    void emptyBodyIs50109() {
        client.patch()
                .uri("/things/1")
                .contentType(MediaType.APPLICATION_JSON)
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo(50109);
    }

    @Test
    void wrongContentTypeIs415() {
        client.patch()
                .uri("/things/1")
                .contentType(MediaType.TEXT_PLAIN)
                .bodyValue("name=x")
                .exchange()
                .expectStatus()
                .isEqualTo(415)
                .expectBody()
                .json("{\"message\":\"415: Unsupported Media Type\",\"code\":0}");
    }

    @Test
    void oversizedBodyIs413() {
        client.patch()
                .uri("/things/1")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"" + "a".repeat(4096) + "\"}")
                .exchange()
                .expectStatus()
                .isEqualTo(413)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo(40005);
    }

    @Test
    void unknownEntityUsesItsCode() {
        client.get()
                .uri("/things/1")
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectBody()
                .json("{\"message\":\"Unknown User\",\"code\":10013}");
    }

    @Test
    void unknownRouteIs404AndWrongMethodIs405() {
        client.get()
                .uri("/nope")
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectBody()
                .json("{\"message\":\"404: Not Found\",\"code\":0}");
        client.delete()
                .uri("/things/1")
                .exchange()
                .expectStatus()
                .isEqualTo(405)
                .expectBody()
                .json("{\"message\":\"405: Method Not Allowed\",\"code\":0}");
        client.get().uri("/nested/item").exchange().expectStatus().isEqualTo(405);
        client.delete().uri("/nested/item").exchange().expectStatus().isNoContent();
    }

    @Test
    void aFlagIsTrueOrFalseAndNothingElse() {
        for (String yes : List.of("true", "True", "1")) {
            client.get()
                    .uri("/flag?only_spam=" + yes)
                    .exchange()
                    .expectBody(String.class)
                    .isEqualTo("true");
        }
        for (String no : List.of("false", "False", "0")) {
            client.get()
                    .uri("/flag?only_spam=" + no)
                    .exchange()
                    .expectBody(String.class)
                    .isEqualTo("false");
        }
        client.get().uri("/flag").exchange().expectBody(String.class).isEqualTo("false");
        for (String bad : List.of("abc", "yes", "TRUE", "")) {
            client.get()
                    .uri("/flag?only_spam=" + bad)
                    .exchange()
                    .expectStatus()
                    .isBadRequest()
                    .expectBody()
                    .jsonPath("$.code")
                    .isEqualTo(50035)
                    .jsonPath("$.errors.only_spam._errors[0].code")
                    .isEqualTo("BASE_TYPE_BOOLEAN");
        }
    }

    /** Nothing a service stores can hold U+0000, so a path with one names nothing. */
    @Test
    void aNulInThePathIsNotFound() {
        for (String path : List.of("/codes/%00", "/codes/a%00b", "/ids/%00", "/ids/1%00")) {
            client.get()
                    .uri(java.net.URI.create("http://127.0.0.1:" + port + path))
                    .exchange()
                    .expectStatus()
                    .isNotFound()
                    .expectBody()
                    .json("{\"message\":\"404: Not Found\",\"code\":0}");
        }
        client.get().uri("/codes/abc").exchange().expectStatus().isOk();
    }

    /** A HEAD answer never has a body (RFC 9110, 9.3.2); its status and headers are GET's. */
    @Test
    void headIsAnsweredAsGetWithoutABody() {
        client.head()
                .uri("/codes/abc")
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .contentLength(3)
                .expectBody()
                .isEmpty();
        client.head()
                .uri("/nested/item")
                .exchange()
                .expectStatus()
                .isEqualTo(405)
                .expectHeader()
                .contentType(MediaType.APPLICATION_JSON)
                .expectHeader()
                .contentLength("{\"message\":\"405: Method Not Allowed\",\"code\":0}".length())
                .expectBody()
                .isEmpty();
        client.head()
                .uri("/nope")
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectHeader()
                .contentType(MediaType.APPLICATION_JSON)
                .expectBody()
                .isEmpty();
    }

    /** What Netty's decoder refuses never reaches Spring; it is answered in the platform's shape all the same. */
    @Test
    void requestsNettyRefusesGetThePlatformsErrorBody() {
        assertRefusedByNetty(
                reactor.netty.http.client.HttpClient.create(),
                "/codes/" + "a".repeat(5000),
                414,
                "{\"message\":\"414: Request-URI Too Long\",\"code\":0}");
        assertRefusedByNetty(
                reactor.netty.http.client.HttpClient.create().headers(h -> h.set("X-Big", "b".repeat(9000))),
                "/codes/abc",
                431,
                "{\"message\":\"431: Request Header Fields Too Large\",\"code\":0}");
    }

    private void assertRefusedByNetty(reactor.netty.http.client.HttpClient http, String path, int status, String body) {
        String[] answer = http.get()
                .uri("http://127.0.0.1:" + port + path)
                .responseSingle((response, content) -> content.asString()
                        .defaultIfEmpty("")
                        .map(text -> new String[] {
                            Integer.toString(response.status().code()),
                            response.responseHeaders().get("Content-Type"),
                            text
                        }))
                .block(java.time.Duration.ofSeconds(10));
        org.assertj.core.api.Assertions.assertThat(answer)
                .containsExactly(Integer.toString(status), "application/json", body);
    }

    @Test
    void bugsAreA500WithoutDetails() {
        client.get()
                .uri("/boom")
                .exchange()
                .expectStatus()
                .isEqualTo(500)
                .expectBody()
                .json(
                        "{\"message\":\"500: Internal Server Error\",\"code\":0}",
                        org.springframework.test.json.JsonCompareMode.STRICT);
    }

    @Test
    void rateLimitBodyCarriesRetryAfter() {
        ApiException e = ApiErrors.rateLimited(1.5, false);
        org.assertj.core.api.Assertions.assertThat(e.extra())
                .containsEntry("retry_after", 1.5)
                .containsEntry("global", false);
    }
}
