package dev.concord.guild.roles;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An integration's role is named as its account, within a role name's length. */
class IntegrationRolesTest {

    @Test
    void longAccountNamesAreCutAtWholeCharacters() {
        assertThat(IntegrationRoles.roleName("concordlive")).isEqualTo("concordlive");
        String emoji = "\uD83C\uDFAE";
        String name = "a".repeat(99) + emoji + emoji;
        assertThat(IntegrationRoles.roleName(name)).isEqualTo("a".repeat(99) + emoji);
    }
}
