package dev.concord.platform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;

class PublicPathTest {

    @Test
    void aPatternAloneIsOpenToEveryMethod() {
        PublicPath open = PublicPath.parse("/actuator/**");

        assertThat(open.matches(HttpMethod.GET, PathContainer.parsePath("/actuator/health")))
                .isTrue();
        assertThat(open.matches(HttpMethod.POST, PathContainer.parsePath("/actuator/health")))
                .isTrue();
        assertThat(open.matches(HttpMethod.GET, PathContainer.parsePath("/users/@me")))
                .isFalse();
    }

    @Test
    void aMethodBeforeThePatternOpensThatMethodAlone() {
        PublicPath open = PublicPath.parse(" get  /invites/* ");

        assertThat(open.matches(HttpMethod.GET, PathContainer.parsePath("/invites/abc")))
                .isTrue();
        assertThat(open.matches(HttpMethod.POST, PathContainer.parsePath("/invites/abc")))
                .isFalse();
        assertThat(open.matches(HttpMethod.DELETE, PathContainer.parsePath("/invites/abc")))
                .isFalse();
        assertThat(open.matches(HttpMethod.HEAD, PathContainer.parsePath("/invites/abc")))
                .isFalse();
        assertThat(open.matches(HttpMethod.GET, PathContainer.parsePath("/invites/abc/more")))
                .isFalse();
    }
}
