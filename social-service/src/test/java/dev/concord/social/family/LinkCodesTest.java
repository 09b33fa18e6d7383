package dev.concord.social.family;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LinkCodesTest {

    @Test
    void codesAreUrlSafeDistinctAndMatchOnlyTheirOwnHash() {
        LinkCodes codes = new LinkCodes();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String code = codes.next();
            assertThat(code).hasSize(LinkCodes.LENGTH).matches("[A-Za-z0-9_-]+");
            assertThat(seen.add(code)).isTrue();
        }
        String code = codes.next();
        assertThat(LinkCodes.matches(code, LinkCodes.hash(code))).isTrue();
        assertThat(LinkCodes.matches(code + "x", LinkCodes.hash(code))).isFalse();
        assertThat(LinkCodes.matches(code, null)).isFalse();
    }
}
