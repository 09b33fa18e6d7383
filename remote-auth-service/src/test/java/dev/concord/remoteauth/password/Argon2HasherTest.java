package dev.concord.remoteauth.password;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Argon2HasherTest {

    /** Cheap parameters: these tests are about the format and the comparison, not the cost. */
    private final Argon2Hasher hasher = new Argon2Hasher(1024, 1, 1);

    @Test
    void encodesAlgorithmParametersSaltAndHash() {
        String encoded = hasher.hash("correct horse");

        assertThat(encoded).matches("\\$argon2id\\$v=19\\$m=1024,t=1,p=1\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}");
    }

    @Test
    void verifiesTheRightPasswordOnly() {
        String encoded = hasher.hash("correct horse");

        assertThat(hasher.verify("correct horse", encoded)).isTrue();
        assertThat(hasher.verify("correct horsf", encoded)).isFalse();
        assertThat(hasher.verify("", encoded)).isFalse();
    }

    @Test
    void saltsEveryHash() {
        assertThat(hasher.hash("same password")).isNotEqualTo(hasher.hash("same password"));
    }

    @Test
    void verifiesWithTheParametersStoredInTheHashNotTheCurrentOnes() {
        String stored = new Argon2Hasher(2048, 2, 1).hash("older cost");

        assertThat(hasher.verify("older cost", stored)).isTrue();
    }

    @Test
    void matchesTheReferenceImplementation() {
        // Argon2id test vector of the reference implementation (phc-winner-argon2, src/test.c).
        String reference = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc";

        assertThat(hasher.verify("password", reference)).isTrue();
        assertThat(hasher.verify("passwore", reference)).isFalse();
    }

    @Test
    void handlesNonAsciiPasswords() {
        String encoded = hasher.hash("pässwörd ключ 🔑");

        assertThat(hasher.verify("pässwörd ключ 🔑", encoded)).isTrue();
        assertThat(hasher.verify("passwort ключ 🔑", encoded)).isFalse();
    }

    @Test
    void rejectsUnreadableHashesInsteadOfThrowing() {
        assertThat(hasher.verify("x", "")).isFalse();
        assertThat(hasher.verify("x", "$2b$10$abcdefghijklmnopqrstuv")).isFalse();
        assertThat(hasher.verify(
                        "x", "$argon2i$v=19$m=1024,t=1,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"))
                .isFalse();
        assertThat(hasher.verify("x", "$argon2id$v=19$m=x,t=1,p=1$c29tZXNhbHQ$CTFh"))
                .isFalse();
        assertThat(hasher.verify("x", "$argon2id$v=19$m=1024,t=1,p=1$!!!$CTFh")).isFalse();
    }
}
