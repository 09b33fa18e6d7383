package dev.concord.guild.integrations;

import dev.concord.platform.web.ApiException;
import org.springframework.http.HttpStatus;

/**
 * The streaming provider did not answer in time or answered nonsense: 502 in the platform's error shape,
 * never a hang and never a 500 blaming the caller.
 */
final class StreamingProviderUnavailable {

    private StreamingProviderUnavailable() {}

    static ApiException error() {
        return new ApiException(HttpStatus.BAD_GATEWAY, 0, "502: Streaming provider unavailable");
    }
}
