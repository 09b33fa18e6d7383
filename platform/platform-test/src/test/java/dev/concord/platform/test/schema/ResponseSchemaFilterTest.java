package dev.concord.platform.test.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

class ResponseSchemaFilterTest {

    private final ResponseTally tally = new ResponseTally();
    private final ResponseSchemaFilter filter =
            new ResponseSchemaFilter(new ResponseValidator(PlatformSpec.shared(), tally));

    @Test
    void aBodyThatDoesNotFitFailsTheCall() {
        StepVerifier.create(exchange(HttpStatus.OK, MediaType.APPLICATION_JSON, "{\"id\": \"1\"}"))
                .expectErrorSatisfies(error -> assertThat(error)
                        .isInstanceOf(AssertionError.class)
                        .hasMessageContaining("required property 'username'"))
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void aBodyThatFitsIsHandedOnUnchanged() {
        String user = """
                {"id":"1","username":"nelly","discriminator":"0","global_name":null,"avatar":null,
                 "public_flags":0,"flags":0,"primary_guild":null}""";
        StepVerifier.create(exchange(HttpStatus.OK, MediaType.APPLICATION_JSON, user)
                        .flatMap(response -> response.bodyToMono(String.class)))
                .expectNext(user)
                .verifyComplete();
        assertThat(tally.report()).contains("  GET /users/{user_id} 200 (get_user) x1");
    }

    @Test
    void errorsAndOtherContentTypesAreNotValidated() {
        StepVerifier.create(exchange(HttpStatus.NOT_FOUND, MediaType.APPLICATION_JSON, "{\"code\": 10013}"))
                .expectNextCount(1)
                .verifyComplete();
        StepVerifier.create(exchange(HttpStatus.OK, MediaType.TEXT_HTML, "<p>hi</p>"))
                .expectNextCount(1)
                .verifyComplete();
        assertThat(tally.report()).contains("2xx JSON answers seen: 0");
    }

    private Mono<ClientResponse> exchange(HttpStatus status, MediaType type, String body) {
        ClientRequest request = ClientRequest.create(HttpMethod.GET, URI.create("http://127.0.0.1/users/1"))
                .build();
        return filter.filter(
                request,
                sent -> Mono.just(ClientResponse.create(status)
                        .header(HttpHeaders.CONTENT_TYPE, type.toString())
                        .body(body)
                        .build()));
    }
}
