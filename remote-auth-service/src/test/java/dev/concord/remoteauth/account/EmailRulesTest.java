package dev.concord.remoteauth.account;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EmailRulesTest {

    @ParameterizedTest
    @ValueSource(strings = {"wumpus@example.org", "first.last+tag@mail.example.co.uk", "a@b.io", "O'Brien@Example.ORG"})
    void accepts(String email) {
        assertThat(EmailRules.isWellFormed(email)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "wumpus",
                "@example.org",
                "wumpus@",
                "wumpus@localhost",
                "wum pus@example.org",
                "wumpus@@example.org",
                ".wumpus@example.org",
                "wum..pus@example.org",
                "wumpus@-example.org",
                "wumpus@example..org",
                "wumpus@example.o",
                "wümpus@example.org",
                "wumpus@[127.0.0.1]"
            })
    void refuses(String email) {
        assertThat(EmailRules.isWellFormed(email)).isFalse();
    }
}
