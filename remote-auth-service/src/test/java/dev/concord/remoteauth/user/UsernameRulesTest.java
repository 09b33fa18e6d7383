package dev.concord.remoteauth.user;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UsernameRulesTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ab",
                "wumpus",
                "wump.us",
                "_wumpus_",
                "w.u.m.p.u.s",
                "user123",
                ".x",
                "abcdefghijklmnopqrstuvwxyz012345"
            })
    void accepts(String username) {
        assertThat(UsernameRules.isValid(username)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Wumpus", "wum pus", "wumpus!", "wümpus", "wumpus-1", "w@mpus", "ＷＵＭＰＵＳ"})
    void refusesOtherCharacters(String username) {
        assertThat(errorCode(username)).isEqualTo("USERNAME_INVALID_CONTAINS");
    }

    @ParameterizedTest
    @ValueSource(strings = {"wump..us", "..", "a.."})
    void refusesConsecutivePeriods(String username) {
        assertThat(errorCode(username)).isEqualTo("USERNAME_INVALID_CONTAINS");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a", "abcdefghijklmnopqrstuvwxyz0123456"})
    void refusesBadLengths(String username) {
        assertThat(errorCode(username)).isEqualTo("BASE_TYPE_BAD_LENGTH");
    }

    @Test
    void requiresAUsername() {
        assertThat(errorCode(null)).isEqualTo("BASE_TYPE_REQUIRED");
    }

    @Test
    void reportsTheFieldItWasGiven() {
        Violations violations = new Violations();
        UsernameRules.check(violations, "username", "NO");
        try {
            violations.throwIfAny();
        } catch (ApiException e) {
            assertThat(e.errors()).containsOnlyKeys("username");
            return;
        }
        throw new AssertionError("expected a violation");
    }

    @SuppressWarnings("unchecked")
    private static String errorCode(String username) {
        Violations violations = new Violations();
        UsernameRules.check(violations, "username", username);
        try {
            violations.throwIfAny();
        } catch (ApiException e) {
            Map<String, Object> field = (Map<String, Object>) e.errors().get("username");
            List<Map<String, String>> errors = (List<Map<String, String>>) field.get("_errors");
            assertThat(errors).hasSize(1);
            return errors.get(0).get("code");
        }
        return null;
    }
}
