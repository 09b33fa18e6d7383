package dev.concord.platform.users;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.ids.Snowflake;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class UserCacheTest {

    private static final Snowflake ID = Snowflake.of(80351110224678912L);

    private final UserCache cache = new UserCache(100, Duration.ofMinutes(10));

    @Test
    void aNewerVersionWinsWhicheverArrivesFirst() {
        cache.offer(user("renamed"), 300);
        cache.offer(user("read-before-the-rename"), 200);
        assertThat(cache.get(ID)).isEqualTo(user("renamed"));

        cache.offer(user("renamed-again"), 400);
        assertThat(cache.get(ID)).isEqualTo(user("renamed-again"));
    }

    @Test
    void anOwnersAnswerReplacesAnotherButNoEvent() {
        cache.offer(user("fetched"), 0);
        cache.offer(user("fetched-later"), 0);
        assertThat(cache.get(ID)).isEqualTo(user("fetched-later"));

        cache.offer(user("by-event"), 1);
        cache.offer(user("fetched-last"), 0);
        assertThat(cache.get(ID)).isEqualTo(user("by-event"));
    }

    @Test
    void aForgottenUserIsReadAgain() {
        cache.offer(user("kept"), 5);
        cache.forget(ID);
        assertThat(cache.get(ID)).isNull();
    }

    private static PartialUser user(String username) {
        return new PartialUser(ID, username, "0", null, null, 0, false);
    }
}
