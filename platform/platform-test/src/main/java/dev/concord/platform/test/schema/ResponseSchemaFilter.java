package dev.concord.platform.test.schema;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A test client's filter: every 2xx JSON answer is read whole, validated by {@link ResponseValidator}, and
 * handed on unchanged. A body that does not fit fails the call, and so the test that made it.
 */
public final class ResponseSchemaFilter implements ExchangeFilterFunction {

    private final ResponseValidator validator;

    public ResponseSchemaFilter(ResponseValidator validator) {
        this.validator = validator;
    }

    /** The filter over the JVM's shared description; reads the description now, off any event loop. */
    public static ResponseSchemaFilter shared() {
        return new ResponseSchemaFilter(ResponseValidator.shared());
    }

    @Override
    public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
        return next.exchange(request).flatMap(response -> {
            boolean json = response.headers()
                    .contentType()
                    .filter(type -> type.isCompatibleWith(MediaType.APPLICATION_JSON))
                    .isPresent();
            if (!response.statusCode().is2xxSuccessful() || !json) {
                return Mono.just(response);
            }
            return DataBufferUtils.join(response.bodyToFlux(DataBuffer.class))
                    .map(ResponseSchemaFilter::bytes)
                    .defaultIfEmpty(new byte[0])
                    // Validation compiles schemas on first use: not on an event loop.
                    .publishOn(Schedulers.boundedElastic())
                    .map(body -> {
                        if (body.length > 0) {
                            validator.check(
                                    request.method().name(),
                                    request.url().getRawPath(),
                                    response.statusCode().value(),
                                    body);
                        }
                        return response.mutate()
                                .body(Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(body)))
                                .build();
                    });
        });
    }

    private static byte[] bytes(DataBuffer buffer) {
        try {
            byte[] bytes = new byte[buffer.readableByteCount()];
            buffer.read(bytes);
            return bytes;
        } finally {
            DataBufferUtils.release(buffer);
        }
    }
}
