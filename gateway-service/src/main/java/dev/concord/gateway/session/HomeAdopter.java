package dev.concord.gateway.session;

import reactor.core.publisher.Mono;

/** Brings a session of another instance's home here, when that home has no host (see {@link HomeAdoption}). */
interface HomeAdopter {

    /** For a single instance: nothing to adopt. */
    HomeAdopter NONE = id -> Mono.empty();

    /** Completes once the home of session {@code id} is adopted here, or found not to need it. */
    Mono<Void> adoptHomeOf(String id);
}
