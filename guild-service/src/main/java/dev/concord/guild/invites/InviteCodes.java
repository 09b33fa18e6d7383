package dev.concord.guild.invites;

import dev.concord.platform.ids.SeededRandom;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import reactor.core.publisher.Mono;

/**
 * Invite codes: 8 to 10 letters and digits, safe in a URL as they are, drawn from a secure random source
 * so that nobody can guess the next one. The space is large enough that a collision is rare, but it is
 * possible, so a code is claimed by trying to store it and drawing another when it is taken.
 */
final class InviteCodes {

    static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    static final int MIN_LENGTH = 8;
    static final int MAX_LENGTH = 10;
    /** Five collisions in a row among 62^8 codes means something else is wrong. */
    static final int MAX_ATTEMPTS = 5;

    private final RandomGenerator random;

    InviteCodes(RandomGenerator random) {
        this.random = random;
    }

    /** Codes from a DRBG seeded now, at startup (see {@link SeededRandom}). */
    static InviteCodes secure() {
        return new InviteCodes(SeededRandom.create());
    }

    String next() {
        int length = MIN_LENGTH + random.nextInt(MAX_LENGTH - MIN_LENGTH + 1);
        StringBuilder code = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            code.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return code.toString();
    }

    /**
     * Draws codes until {@code store} takes one (answers true) and returns that code; fails after
     * {@link #MAX_ATTEMPTS} codes that were all taken.
     */
    Mono<String> claim(Function<String, Mono<Boolean>> store) {
        return claim(store, MAX_ATTEMPTS);
    }

    private Mono<String> claim(Function<String, Mono<Boolean>> store, int attemptsLeft) {
        if (attemptsLeft == 0) {
            return Mono.error(new IllegalStateException("No free invite code after " + MAX_ATTEMPTS + " attempts"));
        }
        return Mono.defer(() -> {
            String code = next();
            return store.apply(code).flatMap(stored -> stored ? Mono.just(code) : claim(store, attemptsLeft - 1));
        });
    }
}
