package dev.concord.gateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;

class ZlibStreamTest {

    private static final byte[] SYNC_FLUSH_SUFFIX = {0, 0, (byte) 0xFF, (byte) 0xFF};

    @Test
    void everyPayloadEndsWithTheSyncFlushMarkerAndOneInflaterReadsTheStream() throws DataFormatException {
        Inflater inflater = new Inflater();
        try (ZlibStream zlib = new ZlibStream()) {
            String big = "{\"op\":0,\"d\":\"" + "abcdefghij".repeat(5_000) + "\"}";
            for (String payload : new String[] {ServerFrames.hello(41250), big, ServerFrames.HEARTBEAT_ACK}) {
                byte[] frame = zlib.compress(payload);

                assertThat(Arrays.copyOfRange(frame, frame.length - 4, frame.length))
                        .isEqualTo(SYNC_FLUSH_SUFFIX);
                assertThat(inflate(inflater, frame)).isEqualTo(payload);
            }
        } finally {
            inflater.end();
        }
    }

    @Test
    void laterPayloadsReuseTheDictionary() {
        try (ZlibStream zlib = new ZlibStream()) {
            String payload =
                    "{\"op\":0,\"t\":\"USER_SETTINGS_UPDATE\",\"s\":2,\"d\":{\"theme\":\"light\",\"locale\":\"en-US\"}}";
            int first = zlib.compress(payload).length;

            assertThat(zlib.compress(payload).length).isLessThan(first);
        }
    }

    private static String inflate(Inflater inflater, byte[] frame) throws DataFormatException {
        inflater.setInput(frame);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        int n;
        while ((n = inflater.inflate(buffer)) > 0) {
            out.write(buffer, 0, n);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
