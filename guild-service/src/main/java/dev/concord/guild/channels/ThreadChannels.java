package dev.concord.guild.channels;

import dev.concord.platform.ids.Snowflake;
import org.springframework.web.reactive.function.server.ServerRequest;
import reactor.core.publisher.Mono;

/**
 * Threads, which {@code /channels/{id}} reaches too: each method is empty when the id is no thread's, so
 * the guild channel's own handling follows. Kept by the threads package, which builds on this one.
 */
public interface ThreadChannels {

    /** {@code GET}: the thread, for a member who can see it. */
    Mono<Object> get(Snowflake threadId, Snowflake userId);

    /** {@code PATCH} with the request's body read as a thread's. */
    Mono<Object> modify(Snowflake threadId, Snowflake userId, ServerRequest request);

    /** {@code DELETE}: the thread as it was. */
    Mono<Object> delete(Snowflake threadId, Snowflake userId);

    /** The thread as other services read it ({@code GET /internal/channels/{id}}). */
    Mono<Object> find(Snowflake threadId);
}
