package dev.concord.gateway.socket;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A WebSocket client on a plain socket with a small receive buffer, so the test decides when it reads: a
 * client that stops reading, as a stalled phone or a frozen process does, while it still writes (its
 * heartbeats). Frames are read one at a time; text frames only, as the gateway sends without compression.
 */
final class StalledClient implements AutoCloseable {

    /** A WebSocket frame the server sent: its opcode and payload. */
    record Frame(int opcode, byte[] payload) {

        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        /** The close code of a close frame. */
        int closeCode() {
            return ((payload[0] & 0xff) << 8) | (payload[1] & 0xff);
        }

        String closeReason() {
            return new String(payload, 2, payload.length - 2, StandardCharsets.UTF_8);
        }
    }

    static final int TEXT = 1;
    static final int CLOSE = 8;

    private final Socket socket = new Socket();
    private final DataInputStream in;
    private final OutputStream out;

    StalledClient(int port, String path) throws IOException {
        socket.setReceiveBufferSize(4096);
        // A read waiting longer than this fails the test (a socket the server never closes) instead of hanging it.
        socket.setSoTimeout(60_000);
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
        String key = Base64.getEncoder().encodeToString("stalled-client-k".getBytes(StandardCharsets.US_ASCII));
        out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nUpgrade: websocket\r\n"
                        + "Connection: Upgrade\r\nSec-WebSocket-Key: " + key + "\r\nSec-WebSocket-Version: 13\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String status = readHeaders(in);
        if (!status.startsWith("HTTP/1.1 101")) {
            throw new IOException("no upgrade: " + status);
        }
    }

    /** Sends one masked text frame, as clients must. */
    synchronized void send(String text) throws IOException {
        byte[] payload = text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write(0x80 | TEXT);
        if (payload.length < 126) {
            frame.write(0x80 | payload.length);
        } else {
            frame.write(0x80 | 126);
            frame.write(payload.length >>> 8);
            frame.write(payload.length & 0xff);
        }
        byte[] mask = {1, 2, 3, 4};
        frame.write(mask);
        for (int i = 0; i < payload.length; i++) {
            frame.write(payload[i] ^ mask[i % 4]);
        }
        out.write(frame.toByteArray());
        out.flush();
    }

    /** Reads the next frame, blocking. */
    Frame read() throws IOException {
        int first = in.readUnsignedByte();
        int second = in.readUnsignedByte();
        long length = second & 0x7f;
        if (length == 126) {
            length = in.readUnsignedShort();
        } else if (length == 127) {
            length = in.readLong();
        }
        byte[] payload = new byte[Math.toIntExact(length)];
        in.readFully(payload);
        return new Frame(first & 0x0f, payload);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private static String readHeaders(InputStream in) throws IOException {
        ByteArrayOutputStream headers = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed during the handshake");
            }
            headers.write(b);
            matched = (b == '\r' && matched % 2 == 0) || (b == '\n' && matched % 2 == 1) ? matched + 1 : 0;
        }
        return headers.toString(StandardCharsets.US_ASCII);
    }
}
