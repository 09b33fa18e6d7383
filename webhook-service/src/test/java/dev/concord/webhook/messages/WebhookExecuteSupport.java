package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestClients;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import tools.jackson.databind.JsonNode;

/** Webhooks made in a place, and their executions as JSON or with a file. */
abstract class WebhookExecuteSupport extends MessageApiSupport {

    static final String BOUNDARY = "concord-webhook-boundary";

    /** A webhook of the place's channel: its execution path, {@code /webhooks/{id}/{token}}. */
    record Hook(Snowflake id, String path) {}

    Hook webhook(Place place, String name) {
        Response made = call(
                HttpMethod.POST,
                "/channels/" + place.channel() + "/webhooks",
                userToken(place.owner()),
                "{\"name\": \"" + name + "\"}");
        assertThat(made.status()).as("%s", made.body()).isEqualTo(200);
        String id = made.body().get("id").asString();
        return new Hook(
                Snowflake.parse(id),
                "/webhooks/" + id + "/" + made.body().get("token").asString());
    }

    Response execute(String path, String body) {
        return call(HttpMethod.POST, path, null, body);
    }

    long messagesIn(Snowflake channel) {
        return stored("SELECT count(*) FROM messages WHERE channel_id = :id", channel);
    }
    /** A multipart request of a JSON part and one text file, as a client's library writes it. */
    JsonNode multipart(HttpMethod method, String path, String payload, String filename, String text) {
        return multipartAs(null, method, path, payload, filename, text, 200);
    }

    /** A multipart request with one file, with this authorization (none for a webhook), answered {@code status}. */
    JsonNode multipartAs(
            String authorization,
            HttpMethod method,
            String path,
            String payload,
            String filename,
            String text,
            int status) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        part(
                body,
                "Content-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json",
                payload.getBytes(StandardCharsets.UTF_8));
        part(
                body,
                "Content-Disposition: form-data; name=\"files[0]\"; filename=\"" + filename
                        + "\"\r\nContent-Type: text/plain",
                text.getBytes(StandardCharsets.UTF_8));
        body.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        EntityExchangeResult<JsonNode> answered = TestClients.unpooled(port)
                .method(method)
                .uri(path)
                .headers(headers -> {
                    if (authorization != null) {
                        headers.set("Authorization", authorization);
                    }
                })
                .contentType(MediaType.parseMediaType("multipart/form-data; boundary=" + BOUNDARY))
                .bodyValue(body.toByteArray())
                .exchange()
                .expectBody(JsonNode.class)
                .returnResult();
        assertThat(answered.getStatus().value())
                .as("%s", answered.getResponseBody())
                .isEqualTo(status);
        return answered.getResponseBody();
    }

    static void part(ByteArrayOutputStream body, String headers, byte[] content) {
        body.writeBytes(("--" + BOUNDARY + "\r\n" + headers + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(content);
        body.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
    }
}
