package dev.concord.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 on one kept-alive socket, read and written by the calling thread: a probe that times single
 * requests measures the server and the kernel, not a client's thread hops. The JDK's HttpClient hands every
 * request between its caller, an executor and a selector thread; on two cores shared with the whole stack
 * each hop waits for a core, which added ~2 ms at the median and ~8 ms at p99 to a 204 (measured against
 * a Node client, 2026-11-26).
 */
final class BlockingHttp implements AutoCloseable {

    /** A status and body; the body is read whole (answers here are small). */
    record Answer(int status, String body) {}

    private final String host;
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    BlockingHttp(URI base) throws IOException {
        this.host = base.getHost() + ":" + base.getPort();
        this.socket = new Socket(base.getHost(), base.getPort());
        socket.setTcpNoDelay(true);
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** Sends {@code method path} with {@code body} (JSON) and the headers given, and reads the answer. */
    Answer send(String method, String pathAndQuery, Map<String, String> headers, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder()
                .append(method)
                .append(' ')
                .append(pathAndQuery)
                .append(" HTTP/1.1\r\nHost: ")
                .append(host)
                .append("\r\nContent-Type: application/json\r\nContent-Length: ")
                .append(bytes.length)
                .append("\r\n");
        headers.forEach(
                (name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(bytes);
        out.flush();
        return read();
    }

    private Answer read() throws IOException {
        String status = line();
        int code = Integer.parseInt(status.split(" ", 3)[1]);
        long length = -1;
        boolean chunked = false;
        for (String header = line(); !header.isEmpty(); header = line()) {
            String lower = header.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Long.parseLong(
                        lower.substring("content-length:".length()).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (chunked) {
            for (int size = Integer.parseInt(line().trim(), 16); size > 0; size = Integer.parseInt(line().trim(), 16)) {
                body.write(in.readNBytes(size));
                line();
            }
            line();
        } else if (length > 0) {
            body.write(in.readNBytes((int) length));
        }
        return new Answer(code, body.toString(StandardCharsets.UTF_8));
    }

    private String line() throws IOException {
        return line(in);
    }

    /** One line of an HTTP head, without its CRLF. */
    static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int next = in.read(); next != '\n'; next = in.read()) {
            if (next < 0) {
                throw new IOException("the server closed the connection");
            }
            if (next != '\r') {
                line.append((char) next);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
