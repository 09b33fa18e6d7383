package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.TestClients;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import tools.jackson.databind.JsonNode;

/** Files sent with a message: streamed to the blob store, listed as attachments, served at their URL. */
class AttachmentIT extends MessageApiSupport {

    @Value("${concord.attachments.directory}")
    String directory;

    static final String BOUNDARY = "concord-test-boundary";

    /**
     * A multipart message written out by hand, as a client's library writes one: Spring's writer draws
     * its boundary from SecureRandom, reading /dev/urandom on the event loop, which BlockHound stops.
     */
    EntityExchangeResult<JsonNode> sendFiles(Snowflake user, Snowflake channel, String payload, byte[]... files) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (payload != null) {
            part(
                    body,
                    "Content-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json",
                    payload.getBytes(StandardCharsets.UTF_8));
        }
        for (int i = 0; i < files.length; i++) {
            String filename = i == 0 ? "hello world.txt" : "file" + i + ".bin";
            String type = i == 0 ? "text/plain" : "application/octet-stream";
            part(
                    body,
                    "Content-Disposition: form-data; name=\"files[" + i + "]\"; filename=\"" + filename
                            + "\"\r\nContent-Type: " + type,
                    files[i]);
        }
        body.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return TestClients.unpooled(port)
                .post()
                .uri("/channels/" + channel + "/messages")
                .header("Authorization", userToken(user))
                .contentType(MediaType.parseMediaType("multipart/form-data; boundary=" + BOUNDARY))
                .bodyValue(body.toByteArray())
                .exchange()
                .expectBody(JsonNode.class)
                .returnResult();
    }

    private static void part(ByteArrayOutputStream body, String headers, byte[] content) {
        body.writeBytes(("--" + BOUNDARY + "\r\n" + headers + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(content);
        body.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    long storedFiles() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(directory))) {
            return files.count();
        }
    }

    @Test
    void filesBecomeAttachmentsServedAtTheirUrl() throws IOException {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER | Permission.ATTACH_FILES.bit());
        byte[] text = "hello, file".getBytes(StandardCharsets.UTF_8);
        byte[] binary = new byte[300_000];
        Arrays.fill(binary, (byte) 7);

        EntityExchangeResult<JsonNode> sent = sendFiles(
                author,
                place.channel(),
                "{\"content\": \"two files\", \"attachments\": [{\"id\": 0, \"description\": \"a greeting\"},"
                        + " {\"id\": \"1\", \"filename\": \"renamed.bin\", \"is_spoiler\": true, \"title\": \"Bytes\"}]}",
                text,
                binary);

        assertThat(sent.getStatus().value()).as("%s", sent.getResponseBody()).isEqualTo(200);
        JsonNode message = sent.getResponseBody();
        assertThat(message.get("content").asString()).as("%s", message).isEqualTo("two files");
        JsonNode first = message.at("/attachments/0");
        assertThat(first.get("filename").asString()).isEqualTo("hello_world.txt");
        assertThat(first.get("description").asString()).isEqualTo("a greeting");
        assertThat(first.get("size").asLong()).isEqualTo(text.length);
        assertThat(first.get("content_type").asString()).startsWith("text/plain");
        assertThat(message.at("/attachments/1/filename").asString()).isEqualTo("SPOILER_renamed.bin");
        assertThat(message.at("/attachments/1/title").asString()).isEqualTo("Bytes");
        assertThat(message.at("/attachments/1/size").asLong()).isEqualTo(binary.length);
        String url = first.get("url").asString();
        assertThat(url)
                .endsWith("/attachments/" + place.channel() + "/"
                        + first.get("id").asString() + "/hello_world.txt");

        EntityExchangeResult<byte[]> served = TestClients.unpooled(port)
                .get()
                .uri(url.substring(url.indexOf("/attachments/")))
                .exchange()
                .expectBody(byte[].class)
                .returnResult();
        assertThat(served.getStatus().value()).isEqualTo(200);
        assertThat(served.getResponseBody()).isEqualTo(text);
        assertThat(served.getResponseHeaders().getContentType().isCompatibleWith(MediaType.TEXT_PLAIN))
                .isTrue();
        JsonNode event = awaitEvent(e -> e.path("type").asString().equals("MESSAGE_CREATE")
                && e.at("/data/id").asString().equals(message.get("id").asString()));
        assertThat(event.at("/data/attachments")).hasSize(2);
        assertThat(stored(
                        "SELECT jsonb_array_length(attachments) FROM messages WHERE id = :id",
                        Snowflake.parse(message.get("id").asString())))
                .isEqualTo(2);
    }

    @Test
    void aFileAloneIsAMessage() {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER | Permission.ATTACH_FILES.bit());

        EntityExchangeResult<JsonNode> sent =
                sendFiles(author, place.channel(), null, "x".getBytes(StandardCharsets.UTF_8));

        assertThat(sent.getStatus().value()).as("%s", sent.getResponseBody()).isEqualTo(200);
        assertThat(sent.getResponseBody().get("content").asString()).isEmpty();
        assertThat(sent.getResponseBody().get("attachments")).hasSize(1);
    }

    @Test
    void refusedFilesAreNotKept() throws IOException {
        Place place = newPlace();
        Snowflake noFiles = place.member(this, "nofiles", MEMBER);
        Snowflake author = place.member(this, "author", MEMBER | Permission.ATTACH_FILES.bit());
        long before = storedFiles();

        EntityExchangeResult<JsonNode> forbidden =
                sendFiles(noFiles, place.channel(), "{\"content\": \"x\"}", new byte[] {1});
        EntityExchangeResult<JsonNode> tooBig =
                sendFiles(author, place.channel(), "{\"content\": \"x\"}", new byte[] {1}, new byte[2_000_000]);
        EntityExchangeResult<JsonNode> unknown = sendFiles(
                author, place.channel(), "{\"content\": \"x\", \"attachments\": [{\"id\": 5}]}", new byte[] {1});
        EntityExchangeResult<JsonNode> badPayload =
                sendFiles(author, place.channel(), "{\"content\": \"" + "x".repeat(2001) + "\"}", new byte[] {1});

        assertThat(forbidden.getResponseBody().get("code").asInt()).isEqualTo(50013);
        assertThat(tooBig.getStatus().value()).isEqualTo(413);
        assertThat(tooBig.getResponseBody().get("code").asInt()).isEqualTo(40005);
        assertThat(unknown.getResponseBody()
                        .at("/errors/attachments/0/id/_errors/0/code")
                        .asString())
                .isEqualTo("ATTACHMENT_NOT_FOUND");
        assertThat(badPayload
                        .getResponseBody()
                        .at("/errors/content/_errors/0/code")
                        .asString())
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(storedFiles()).as("nothing kept").isEqualTo(before);
        assertThat(stored("SELECT count(*) FROM messages WHERE channel_id = :id", place.channel()))
                .isZero();
    }

    @Test
    void aDeletedMessageTakesItsFilesWithIt() throws IOException {
        Place place = newPlace();
        Snowflake author = place.member(this, "author", MEMBER | Permission.ATTACH_FILES.bit());
        long before = storedFiles();
        JsonNode message = sendFiles(author, place.channel(), "{\"content\": \"soon gone\"}", new byte[] {1, 2, 3})
                .getResponseBody();
        String url = message.at("/attachments/0/url").asString();
        assertThat(storedFiles()).isEqualTo(before + 1);

        assertThat(call(
                                HttpMethod.DELETE,
                                "/channels/" + place.channel() + "/messages/"
                                        + message.get("id").asString(),
                                userToken(author),
                                null)
                        .status())
                .isEqualTo(204);

        assertThat(storedFiles()).isEqualTo(before);
        assertThat(TestClients.unpooled(port)
                        .get()
                        .uri(url.substring(url.indexOf("/attachments/")))
                        .exchange()
                        .expectBody(JsonNode.class)
                        .returnResult()
                        .getStatus()
                        .value())
                .isEqualTo(404);
    }
}
