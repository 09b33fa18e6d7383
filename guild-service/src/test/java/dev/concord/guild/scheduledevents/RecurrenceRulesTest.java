package dev.concord.guild.scheduledevents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The next occurrence of each kind of rule the platform allows, at the start's time of day. */
class RecurrenceRulesTest {

    /** A Wednesday. */
    private static final Instant START = Instant.parse("2026-01-07T18:30:00Z");

    @Test
    void dailyOnASetOfWeekdaysSkipsTheOthers() {
        RecurrenceRule weekdays = rule(RecurrenceRule.DAILY, 1, List.of(0, 1, 2, 3, 4), null, null, null);

        assertThat(RecurrenceRules.next(weekdays, Instant.parse("2026-01-09T19:00:00Z")))
                .as("Friday evening, after the time: Monday next")
                .isEqualTo(Instant.parse("2026-01-12T18:30:00Z"));
        assertThat(RecurrenceRules.next(weekdays, Instant.parse("2026-01-09T10:00:00Z")))
                .isEqualTo(Instant.parse("2026-01-09T18:30:00Z"));
        assertThat(RecurrenceRules.next(weekdays, Instant.parse("2025-01-01T00:00:00Z")))
                .as("never before the rule starts")
                .isEqualTo(START);
    }

    @Test
    void everyOtherWeekCountsWeeksFromTheStart() {
        RecurrenceRule fortnightly = rule(RecurrenceRule.WEEKLY, 2, List.of(2), null, null, null);

        assertThat(RecurrenceRules.next(fortnightly, START)).isEqualTo(Instant.parse("2026-01-21T18:30:00Z"));
        assertThat(RecurrenceRules.next(rule(RecurrenceRule.WEEKLY, 1, null, null, null, null), START))
                .as("weekly on the start's own weekday")
                .isEqualTo(Instant.parse("2026-01-14T18:30:00Z"));
    }

    @Test
    void monthlyOnTheNthWeekdayAndYearlyOnADate() {
        RecurrenceRule fourthWednesday =
                rule(RecurrenceRule.MONTHLY, 1, null, List.of(new RecurrenceRule.NWeekday(4, 2)), null, null);
        RecurrenceRule leapDay = rule(RecurrenceRule.YEARLY, 1, null, null, List.of(2), List.of(29));

        assertThat(RecurrenceRules.next(fourthWednesday, START)).isEqualTo(Instant.parse("2026-01-28T18:30:00Z"));
        assertThat(RecurrenceRules.next(fourthWednesday, Instant.parse("2026-01-29T00:00:00Z")))
                .isEqualTo(Instant.parse("2026-02-25T18:30:00Z"));
        assertThat(RecurrenceRules.next(leapDay, START)).isEqualTo(Instant.parse("2028-02-29T18:30:00Z"));
    }

    private static RecurrenceRule rule(
            int frequency,
            int interval,
            List<Integer> weekdays,
            List<RecurrenceRule.NWeekday> nth,
            List<Integer> months,
            List<Integer> monthDays) {
        return new RecurrenceRule(START, null, frequency, interval, weekdays, nth, months, monthDays, null, null);
    }
}
