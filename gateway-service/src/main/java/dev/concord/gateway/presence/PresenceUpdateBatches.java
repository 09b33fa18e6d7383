package dev.concord.gateway.presence;

import dev.concord.gateway.session.SessionPresences.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * The op 3s of all this instance's sessions on their way to presence-service, sent together: an op 3 goes
 * at once while fewer than {@link #MAX_IN_FLIGHT} requests are out, and those that come meanwhile leave
 * together, up to {@link #MAX_BATCH} a request, when one comes back. So a quiet instance adds no delay to an
 * op 3, and a busy one pays one request's overhead (HTTP, routing, a connection) for many of them: measured
 * at 2,000 op 3s a second, that overhead was about a third of presence-service's CPU per op 3.
 *
 * <p>At most {@link #MAX_QUEUED} wait; beyond them an op 3 fails at once (the gateway logs it, and the
 * session's next op 3 is sent as usual).
 *
 * @param <U> an op 3 as the request carries it
 */
final class PresenceUpdateBatches<U> {

    static final int MAX_BATCH = 256;
    static final int MAX_IN_FLIGHT = 4;
    static final int MAX_QUEUED = 10_000;

    private record Waiting<U>(U update, MonoSink<Outcome> sink) {}

    private final Function<List<U>, Mono<List<Outcome>>> send;
    private final Queue<Waiting<U>> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();

    /** {@code send} answers one outcome per update, in their order. */
    PresenceUpdateBatches(Function<List<U>, Mono<List<Outcome>>> send) {
        this.send = send;
    }

    Mono<Outcome> offer(U update) {
        return Mono.create(sink -> {
            if (queued.incrementAndGet() > MAX_QUEUED) {
                queued.decrementAndGet();
                sink.error(new IllegalStateException(MAX_QUEUED + " op 3s already wait for presence-service"));
                return;
            }
            queue.add(new Waiting<>(update, sink));
            drain();
        });
    }

    /** Sends what waits while a request may go; called when an op 3 comes and when a request comes back. */
    private void drain() {
        while (!queue.isEmpty()) {
            int current = inFlight.get();
            if (current >= MAX_IN_FLIGHT) {
                // The request that comes back next drains again.
                return;
            }
            if (!inFlight.compareAndSet(current, current + 1)) {
                continue;
            }
            List<Waiting<U>> batch = new ArrayList<>();
            for (Waiting<U> next = queue.poll(); next != null; next = batch.size() < MAX_BATCH ? queue.poll() : null) {
                batch.add(next);
            }
            queued.addAndGet(-batch.size());
            if (batch.isEmpty()) {
                // Another drain took them meanwhile.
                inFlight.decrementAndGet();
                continue;
            }
            send(batch);
        }
    }

    private void send(List<Waiting<U>> batch) {
        send.apply(batch.stream().map(Waiting::update).toList())
                .defaultIfEmpty(List.of())
                .doFinally(signal -> {
                    inFlight.decrementAndGet();
                    drain();
                })
                .subscribe(
                        outcomes -> {
                            if (outcomes.size() != batch.size()) {
                                fail(
                                        batch,
                                        new IllegalStateException(
                                                outcomes.size() + " outcomes for " + batch.size() + " op 3s"));
                                return;
                            }
                            for (int i = 0; i < batch.size(); i++) {
                                batch.get(i).sink().success(outcomes.get(i));
                            }
                        },
                        failure -> fail(batch, failure));
    }

    private static <U> void fail(List<Waiting<U>> batch, Throwable failure) {
        batch.forEach(waiting -> waiting.sink().error(failure));
    }
}
