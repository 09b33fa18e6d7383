package dev.concord.gateway.protocol;

import java.net.URI;
import org.jspecify.annotations.Nullable;
import org.springframework.util.MultiValueMap;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The query of the socket URL, {@code ?v=10&encoding=json&compress=zlib-stream}.
 *
 * @param version the API version the client speaks (6-10); it only shows in READY's {@code v} today
 * @param zlibStream whether frames go out as one zlib stream over binary frames (JDA and Discord4J ask
 *     for it by default; Discord4J cannot read anything else once it has asked)
 */
public record ConnectParams(int version, boolean zlibStream) {

    public static final int DEFAULT_VERSION = 10;

    /** Reads the query; an unsupported version closes 4012, an encoding other than JSON 4002. */
    public static ConnectParams parse(URI uri) {
        MultiValueMap<String, String> query =
                UriComponentsBuilder.fromUri(uri).build().getQueryParams();
        int version = version(query.getFirst("v"));
        String encoding = query.getFirst("encoding");
        if (encoding != null && !encoding.equals("json")) {
            // ETF is not spoken here; the client would misread every frame.
            throw new ProtocolViolation(CloseCode.DECODE_ERROR);
        }
        // Any other compression asked for (zstd-stream) gets plain text frames, which every library reads.
        return new ConnectParams(version, "zlib-stream".equals(query.getFirst("compress")));
    }

    private static int version(@Nullable String v) {
        if (v == null) {
            return DEFAULT_VERSION;
        }
        try {
            int version = Integer.parseInt(v);
            if (version >= 6 && version <= 10) {
                return version;
            }
        } catch (NumberFormatException e) {
            // falls through to the close below
        }
        throw new ProtocolViolation(CloseCode.INVALID_API_VERSION);
    }
}
