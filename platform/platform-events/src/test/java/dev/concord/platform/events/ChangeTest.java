package dev.concord.platform.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.r2dbc.spi.Parameter;
import org.junit.jupiter.api.Test;

/**
 * A change's parameters are its own: the outbox's names are refused, binding never alters a change, and
 * the statement gets every parameter bound, the last value of each name.
 */
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

    @Test
    void parametersAreEveryBindTheLastOfANameWinningAndNullsTyped() {
        Change<Long> base = Change.of("UPDATE notes SET text = :text WHERE id = :id RETURNING id", row -> 1L)
                .bind("id", 1L);
        Change<Long> first = base.bind("text", "a");
        Change<Long> second = first.bind("text", "b");
        Change<Long> cleared = base.bindNull("text", String.class);

        assertThat(base.parameters(0)).containsOnlyKeys("id");
        assertThat(first.parameters(0)).containsEntry("id", 1L).containsEntry("text", "a");
        assertThat(second.parameters(3)).containsEntry("text", "b").hasSize(2);
        assertThat(cleared.parameters(0).get("text")).isInstanceOfSatisfying(Parameter.class, parameter -> {
            assertThat(parameter.getValue()).isNull();
            assertThat(parameter.getType().getJavaType()).isEqualTo(String.class);
        });
    }
}
