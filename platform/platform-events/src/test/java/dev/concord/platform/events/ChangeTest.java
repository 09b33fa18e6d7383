package dev.concord.platform.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A change's parameters are its own: the outbox's names are refused, and binding never alters a change. */
class ChangeTest {

    @Test
    void theOutboxsParameterNamesAreRefused() {
        Change<Long> change = Change.of("DELETE FROM notes RETURNING id", row -> row.get("id", Long.class));

        assertThatThrownBy(() -> change.bind("outbox_topic", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> change.bindNull("outbox_payload", String.class))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void bindingAnswersANewChange() {
        Change<Long> change = Change.of("DELETE FROM notes WHERE id = :id RETURNING id", row -> 1L);

        assertThat(change.bind("id", 1L)).isNotSameAs(change);
        assertThat(change.bind("id", 1L).sql()).isEqualTo(change.sql());
    }
}
