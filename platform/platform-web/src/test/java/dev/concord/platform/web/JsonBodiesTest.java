package dev.concord.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;

import dev.concord.platform.json.Json;
import dev.concord.platform.json.Possible;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.http.client.HttpClient;
import tools.jackson.databind.JsonNode;

/**
 * How every service reads a JSON body ({@link JsonBodies}), over real HTTP with a raw client, so that
 * bytes and headers arrive exactly as written (no client-side encoding or Content-Type parsing).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class JsonBodiesTest {

    record Item(String name) {}

    record Levelled(int level) {}

    record Body(
            Possible<String> name,
            Integer count,
            Integer color,
            Boolean on,
            List<Item> items,
            List<Levelled> levels,
            Integer accentColor)
            implements Violations.Validatable {
        @Override
        public void validate(Violations v) {
            v.notNullIfSent("name", name);
        }
    }

    record Optional(Possible<String> label) {}

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {
        @Bean
        RouterFunction<ServerResponse> routes() {
            return route().POST("/body", req -> JsonBodies.checked(req, Body.class)
                            .flatMap(body -> ServerResponse.ok().bodyValue(body)))
                    .POST("/large", req -> JsonBodies.checked(req, Body.class, 3 * 1024 * 1024)
                            .flatMap(body -> ServerResponse.ok().bodyValue(body)))
                    .PUT("/optional", req -> JsonBodies.optional(req, Optional.class)
                            .map(body -> body.label().orElse("label"))
                            .defaultIfEmpty("none")
                            .flatMap(label -> ServerResponse.ok().bodyValue(label)))
                    .build();
        }
    }

    record Answer(int status, String body) {
        JsonNode json() {
            return Json.mapper().readTree(body);
        }

        String at(String pointer) {
            JsonNode node = json().at(pointer);
            return node.isMissingNode() ? "<missing>" : node.isString() ? node.stringValue() : node.toString();
        }
    }

    @LocalServerPort
    int port;

    private Answer send(String method, String path, String contentType, byte[] body) {
        return HttpClient.create()
                .headers(h -> {
                    if (contentType != null) {
                        h.set("Content-Type", contentType);
                    }
                })
                .request(io.netty.handler.codec.http.HttpMethod.valueOf(method))
                .uri("http://127.0.0.1:" + port + path)
                .send(ByteBufFlux.fromInbound(Mono.just(Unpooled.wrappedBuffer(body))))
                .responseSingle((response, content) -> content.asString()
                        .defaultIfEmpty("")
                        .map(text -> new Answer(response.status().code(), text)))
                .block(Duration.ofSeconds(20));
    }

    private Answer post(String json) {
        return send("POST", "/body", "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void everyBadlyTypedFieldIsNamedWithTheValueSent() {
        Answer answer = post(
                "{\"count\":\"many\",\"accent_color\":\"blue\",\"color\":\"red\",\"on\":3,\"name\":5,\"items\":[{\"name\":1},{\"name\":\"ok\"},{\"name\":[]}]}");
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.at("/code")).isEqualTo("50035");
        assertThat(answer.at("/errors/count/_errors/0/code")).isEqualTo("NUMBER_TYPE_COERCE");
        assertThat(answer.at("/errors/count/_errors/0/message")).isEqualTo("Value \"many\" is not int.");
        assertThat(answer.at("/errors/color/_errors/0/message")).isEqualTo("Value \"red\" is not int.");
        assertThat(answer.at("/errors/accent_color/_errors/0/message")).isEqualTo("Value \"blue\" is not int.");
        assertThat(answer.at("/errors/on/_errors/0/code")).isEqualTo("BASE_TYPE_BOOLEAN");
        assertThat(answer.at("/errors/name/_errors/0/code")).isEqualTo("BASE_TYPE_STRING");
        assertThat(answer.at("/errors/name/_errors/0/message")).isEqualTo("Could not interpret \"5\" as string.");
        assertThat(answer.at("/errors/items/0/name/_errors/0/code")).isEqualTo("BASE_TYPE_STRING");
        assertThat(answer.at("/errors/items/2/name/_errors/0/code")).isEqualTo("BASE_TYPE_STRING");
        assertThat(answer.at("/errors/items/1")).isEqualTo("<missing>");
    }

    @Test
    void aNumberTooLargeIsNamedWithTheOtherErrors() {
        Answer answer = post("{\"count\":99999999999999999999,\"color\":\"red\"}");
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.at("/errors/count/_errors/0/code")).isEqualTo("NUMBER_TYPE_MAX");
        assertThat(answer.at("/errors/color/_errors/0/code")).isEqualTo("NUMBER_TYPE_COERCE");
    }

    @Test
    void nullForARequiredTypeIsNamedAsRequired() {
        Answer answer = post("{\"items\":[null, {\"name\": null}], \"name\": null}");
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.at("/errors/name/_errors/0/code")).isEqualTo("BASE_TYPE_REQUIRED");

        Answer primitive = post("{\"levels\":[{\"level\":null},{}],\"count\":\"x\"}");
        assertThat(primitive.at("/errors/levels/0/level/_errors/0/code")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(primitive.at("/errors/count/_errors/0/code")).isEqualTo("NUMBER_TYPE_COERCE");
    }

    @Test
    void nulAndUnpairedSurrogatesAreRefusedNamingTheField() {
        Answer answer = post("{\"name\":\"a\\u0000b\",\"items\":[{\"name\":\"ok\"},{\"name\":\"\\ud800\"}],"
                + "\"count\":\"x\",\"k\\u0000\":1}");
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.at("/code")).isEqualTo("50035");
        assertThat(answer.at("/errors/name/_errors/0/code")).isEqualTo("BASE_TYPE_INVALID");
        assertThat(answer.at("/errors/name/_errors/0/message")).isEqualTo("Value must not contain the NUL character.");
        assertThat(answer.at("/errors/items/1/name/_errors/0/message"))
                .isEqualTo("Value must not contain an unpaired surrogate.");
        assertThat(answer.at("/errors/_errors/0/message")).isEqualTo("Key must not contain the NUL character.");
        assertThat(answer.at("/errors/count/_errors/0/code")).isEqualTo("NUMBER_TYPE_COERCE");
        assertThat(post("{\"name\":\"\\ud83d\\ude00 fine\"}").status()).isEqualTo(200);
    }

    @Test
    void invalidUtf8IsInvalidJsonNeverAltered() {
        byte[] overlong = {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xc0, (byte) 0xaf, '"', '}'};
        byte[] stray = {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xff, '"', '}'};
        byte[] encodedSurrogate = {
            '{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xed, (byte) 0xa0, (byte) 0x80, '"', '}'
        };
        for (byte[] body : List.of(overlong, stray, encodedSurrogate)) {
            Answer answer = send("POST", "/body", "application/json", body);
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.at("/code")).isEqualTo("50109");
        }
    }

    @Test
    void aCharsetOtherThanUtf8IsUnsupportedMediaType() {
        byte[] body = "{\"name\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
        for (String type : List.of(
                "application/json; charset=bogus",
                "application/json; charset=\"no such\"",
                "application/json; charset=iso-8859-1",
                "application/json; charset=",
                "application/json; =",
                "text/plain")) {
            Answer answer = send("POST", "/body", type, body);
            assertThat(answer.status()).as(type).isEqualTo(415);
            assertThat(answer.body()).as(type).isEqualTo("{\"message\":\"415: Unsupported Media Type\",\"code\":0}");
        }
        assertThat(send("POST", "/body", "application/json; charset=UTF-8", body)
                        .status())
                .isEqualTo(200);
        assertThat(send("POST", "/body", "application/json;charset=\"utf-8\"", body)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aBodyOverTheLimitIs413UnlessTheRouteTakesMore() {
        byte[] twoMegabytes = ("{\"name\":\"" + "a".repeat(2 * 1024 * 1024) + "\"}").getBytes(StandardCharsets.UTF_8);
        Answer refused = send("POST", "/body", "application/json", twoMegabytes);
        assertThat(refused.status()).isEqualTo(413);
        assertThat(refused.body()).isEqualTo("{\"message\":\"Request entity too large\",\"code\":40005}");
        assertThat(send("POST", "/large", "application/json", twoMegabytes).status())
                .isEqualTo(200);
    }

    @Test
    void anOptionalBodyMayBeLeftOut() {
        assertThat(send("PUT", "/optional", null, new byte[0]).body()).isEqualTo("none");
        assertThat(send("PUT", "/optional", "application/json", "null".getBytes(StandardCharsets.UTF_8))
                        .body())
                .isEqualTo("none");
        assertThat(send("PUT", "/optional", "application/json", "{\"label\":\"x\"}".getBytes(StandardCharsets.UTF_8))
                        .body())
                .isEqualTo("x");
        assertThat(send(
                                "PUT",
                                "/optional",
                                "application/json",
                                "{\"label\":\"x\\u0000\"}".getBytes(StandardCharsets.UTF_8))
                        .status())
                .isEqualTo(400);
    }

    @Test
    void aMissingOrMalformedBodyIsInvalidJson() {
        assertThat(send("POST", "/body", "application/json", new byte[0]).at("/code"))
                .isEqualTo("50109");
        assertThat(post("{\"name\": ").at("/code")).isEqualTo("50109");
        assertThat(post("[1]").at("/code")).isEqualTo("50109");
        assertThat(post("{} trailing").at("/code")).isEqualTo("50109");
    }
}
