package dev.concord.platform.netty;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Writes a request byte for byte and reads the whole answer until the server closes or the answer's
 * Content-Length is read: the only way to send what no HTTP client would.
 */
public final class RawHttp {

    /** Status, headers as one block (lower-cased names), and the body. */
    public record Answer(int status, String head, String body) {
        public String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).trim();
                }
            }
            return null;
        }
    }

    private RawHttp() {}

    public static Answer send(int port, String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            byte[] chunk = new byte[8192];
            while (true) {
                int n;
                try {
                    n = in.read(chunk);
                } catch (java.net.SocketException reset) {
                    break;
                }
                if (n < 0) {
                    break;
                }
                read.write(chunk, 0, n);
                String text = read.toString(StandardCharsets.ISO_8859_1);
                int end = text.indexOf("\r\n\r\n");
                if (end >= 0) {
                    Answer answer = parse(text, end);
                    String length = answer.header("Content-Length");
                    boolean bodyless = request.startsWith("HEAD ");
                    if (length != null && (bodyless || answer.body().length() >= Integer.parseInt(length))) {
                        return answer;
                    }
                }
            }
            String text = read.toString(StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            if (end < 0) {
                throw new IOException("no complete answer: " + text);
            }
            return parse(text, end);
        }
    }

    private static Answer parse(String text, int end) {
        String head = text.substring(0, end);
        int status = Integer.parseInt(head.split(" ", 3)[1]);
        String body = new String(text.substring(end + 4).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        return new Answer(status, head, body);
    }
}
