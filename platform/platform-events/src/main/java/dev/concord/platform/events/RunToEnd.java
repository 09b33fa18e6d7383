package dev.concord.platform.events;

import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionCallback;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Database work that finishes even when its subscriber cancels, typically because the client of an HTTP
 * request went away.
 *
 * <p>Cancelling R2DBC work midway is unsafe: a statement still running on the server (say, waiting for a
 * row lock) has its connection handed back to the pool at once, and a transaction cancelled there can go
 * back with its BEGIN but without its ROLLBACK (spring-framework#32115). The next borrower then works
 * inside that open transaction, its locks are held for good, and every write of that row waits behind
 * it: seen in the local stack as all settings PATCHes of a user hanging after a load generator closed
 * its connections mid-request. Letting the work end instead costs nothing worse than what a client that
 * disconnects must already expect: its change may or may not have been made, never half of it.
 */
public final class RunToEnd {

    private RunToEnd() {}

    /** {@code work}, subscribed when the result is, and run to its end whatever the result's subscriber does. */
    public static <T> Mono<T> of(Mono<T> work) {
        return Mono.defer(() -> Mono.fromFuture(work.toFuture(), true));
    }

    /** A transactional operator whose transactions always end in a commit or a rollback, never a cancel. */
    public static TransactionalOperator transactions(ReactiveTransactionManager manager) {
        TransactionalOperator delegate = TransactionalOperator.create(manager);
        return new TransactionalOperator() {
            @Override
            public <T> Mono<T> transactional(Mono<T> mono) {
                return of(delegate.transactional(mono));
            }

            @Override
            public <T> Flux<T> execute(TransactionCallback<T> action) {
                return of(delegate.execute(action).collectList()).flatMapIterable(all -> all);
            }
        };
    }
}
