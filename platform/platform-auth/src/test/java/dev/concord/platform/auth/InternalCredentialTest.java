package dev.concord.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InternalCredentialTest {

    @Test
    void onlyTheExactSecretUnderItsSchemeMatches() {
        InternalCredential credential = new InternalCredential("s3cret");

        assertThat(credential.matches(InternalCredential.header("s3cret"))).isTrue();
        assertThat(credential.matches("Internal s3cre")).isFalse();
        assertThat(credential.matches("Internal s3cret2")).isFalse();
        assertThat(credential.matches("Bearer s3cret")).isFalse();
        assertThat(credential.matches("s3cret")).isFalse();
        assertThat(credential.matches(null)).isFalse();
    }

    @Test
    void withoutASecretNothingMatches() {
        assertThat(new InternalCredential(null).matches("Internal ")).isFalse();
        assertThat(new InternalCredential(" ").matches("Internal  ")).isFalse();
        assertThat(new InternalCredential("").matches("Internal ")).isFalse();
    }
}
