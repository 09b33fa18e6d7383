package dev.concord.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * A WebSocket client (RFC 6455) read by the calling thread, for {@link DispatchLatency}: a frame is timed
 * when that thread reads it, with no listener thread and queue between the socket and the clock. Text
 * frames only, no extensions offered (so none negotiated); a ping is answered, a close ends the read.
 */
final class BlockingWebSocket implements AutoCloseable {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    /** Opens {@code uri} ({@code ws://host:port/path?query}) and completes the handshake. */
    BlockingWebSocket(URI uri) throws IOException {
        this.socket = new Socket(uri.getHost(), uri.getPort());
        socket.setTcpNoDelay(true);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = socket.getOutputStream();
        byte[] nonce = new byte[16];
        RANDOM.nextBytes(nonce);
        String path = uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
        out.write(("GET " + path + query + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                        + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: "
                        + Base64.getEncoder().encodeToString(nonce) + "\r\nSec-WebSocket-Version: 13\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        String status = BlockingHttp.line(in);
        if (!status.startsWith("HTTP/1.1 101")) {
            throw new IOException("the WebSocket handshake was answered " + status);
        }
        while (!BlockingHttp.line(in).isEmpty()) {
            // The upgrade's headers: nothing in them changes how frames are read.
        }
    }

    /** Sends one text frame. */
    void send(String text) throws IOException {
        write(0x81, text.getBytes(StandardCharsets.UTF_8));
    }

    /** One whole frame ({@code head}: FIN and the opcode), masked as a client must. */
    private void write(int head, byte[] payload) throws IOException {
        ByteArrayOutputStream frame = new ByteArrayOutputStream(payload.length + 14);
        frame.write(head);
        if (payload.length < 126) {
            frame.write(0x80 | payload.length);
        } else if (payload.length < 65_536) {
            frame.write(0x80 | 126);
            frame.write(payload.length >>> 8);
            frame.write(payload.length & 0xff);
        } else {
            frame.write(0x80 | 127);
            for (int shift = 56; shift >= 0; shift -= 8) {
                frame.write((int) ((long) payload.length >>> shift) & 0xff);
            }
        }
        byte[] mask = new byte[4];
        RANDOM.nextBytes(mask);
        frame.write(mask);
        for (int i = 0; i < payload.length; i++) {
            frame.write(payload[i] ^ mask[i & 3]);
        }
        synchronized (out) {
            out.write(frame.toByteArray());
            out.flush();
        }
    }

    /** The next text message, its fragments joined; pings are answered on the way. */
    String receive() throws IOException {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        while (true) {
            int first = in.readUnsignedByte();
            int second = in.readUnsignedByte();
            long length = second & 0x7f;
            if (length == 126) {
                length = in.readUnsignedShort();
            } else if (length == 127) {
                length = in.readLong();
            }
            byte[] payload = in.readNBytes((int) length);
            int opcode = first & 0x0f;
            if (opcode == 0x8) {
                throw new IOException("the server closed the socket");
            }
            if (opcode == 0x9) {
                write(0x8a, payload);
                continue;
            }
            if (opcode == 0x1 || opcode == 0x0) {
                message.write(payload);
                if ((first & 0x80) != 0) {
                    return message.toString(StandardCharsets.UTF_8);
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
