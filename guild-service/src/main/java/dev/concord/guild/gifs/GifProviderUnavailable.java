package dev.concord.guild.gifs;

import dev.concord.platform.web.ApiException;
import org.springframework.http.HttpStatus;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;
import reactor.util.function.Tuple2;

/**
 * The provider did not answer in time or answered nonsense: 502 in the platform's error shape, never a
 * hang and never a 500 blaming the caller.
 */
final class GifProviderUnavailable {

    private GifProviderUnavailable() {}

    static ApiException error() {
        return new ApiException(HttpStatus.BAD_GATEWAY, 0, "502: GIF provider unavailable");
    }

    /**
     * Two provider calls in parallel. When both fail (a provider that is down fails every call at once), a
     * plain zip would report one failure and drop the other into Reactor's error log; this waits for both
     * and answers one 502.
     */
    static <A, B> Mono<Tuple2<A, B>> both(Mono<A> first, Mono<B> second) {
        return Mono.zipDelayError(first, second).onErrorMap(Exceptions::isMultiple, both -> error());
    }
}
