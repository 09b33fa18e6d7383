package dev.concord.remoteauth.password;

import dev.concord.platform.web.ApiException;
import java.util.concurrent.RejectedExecutionException;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * Hashing and verification on their own bounded scheduler: an Argon2id hash takes tens of milliseconds
 * of CPU and would stall every connection of an event-loop thread. When the queue is full the request
 * gets 503 rather than waiting without bound.
 */
public final class Passwords {

    private final Argon2Hasher hasher;
    private final Scheduler scheduler;
    /** Verified against when the account does not exist, so an unknown login takes as long as a known one. */
    private final String decoy;

    public Passwords(Argon2Hasher hasher, Scheduler scheduler) {
        this.hasher = hasher;
        this.scheduler = scheduler;
        this.decoy = hasher.hash("decoy password for unknown accounts");
    }

    public Mono<String> hash(String password) {
        return offload(Mono.fromCallable(() -> hasher.hash(password)));
    }

    /** Whether {@code password} matches {@code encoded}; without {@code encoded} (no account) it never does. */
    public Mono<Boolean> verify(String password, @Nullable String encoded) {
        return offload(Mono.fromCallable(() -> {
            boolean matches = hasher.verify(password, encoded == null ? decoy : encoded);
            return matches && encoded != null;
        }));
    }

    private <T> Mono<T> offload(Mono<T> work) {
        return work.subscribeOn(scheduler)
                .onErrorMap(
                        RejectedExecutionException.class,
                        e -> new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 0, "503: Service Unavailable"));
    }
}
