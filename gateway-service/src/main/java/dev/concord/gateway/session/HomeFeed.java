package dev.concord.gateway.session;

import java.time.Instant;
import java.util.function.Predicate;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/** The events of an adopted home, from where its dead host's consumer had got to. */
public interface HomeFeed {

    /**
     * Delivers events to {@code home}'s sessions from the offsets its host last committed (in a partition
     * it never committed, from {@code notBefore}, when its first session started), skipping those whose id
     * {@code delivered} knows (the replay log shows they went out before the host died).
     */
    Disposable follow(String home, Instant notBefore, Predicate<String> delivered);

    /** Completes once {@code home}'s feed has handled every event published before the call. */
    Mono<Void> caughtUp(String home);
}
