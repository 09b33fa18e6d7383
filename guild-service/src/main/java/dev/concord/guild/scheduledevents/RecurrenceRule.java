package dev.concord.guild.scheduledevents;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How a scheduled event recurs, as the platform answers it and as it is kept (JSON): a subset of
 * iCalendar's RRULE. {@code end}, {@code count} and {@code by_year_day} are the platform's to set, never a
 * client's; here nothing sets them.
 */
record RecurrenceRule(
        Instant start,
        @Nullable Instant end,
        int frequency,
        int interval,
        @Nullable List<Integer> byWeekday,
        @JsonProperty("by_n_weekday") @Nullable List<NWeekday> byNWeekday,
        @Nullable List<Integer> byMonth,
        @Nullable List<Integer> byMonthDay,
        @Nullable List<Integer> byYearDay,
        @Nullable Integer count) {

    static final int YEARLY = 0;
    static final int MONTHLY = 1;
    static final int WEEKLY = 2;
    static final int DAILY = 3;

    /** The {@code n}th {@code day} (0 Monday to 6 Sunday) of a month, n from 1 to 5. */
    record NWeekday(int n, int day) {}

    RecurrenceRule {
        byWeekday = byWeekday == null ? null : List.copyOf(byWeekday);
        byNWeekday = byNWeekday == null ? null : List.copyOf(byNWeekday);
        byMonth = byMonth == null ? null : List.copyOf(byMonth);
        byMonthDay = byMonthDay == null ? null : List.copyOf(byMonthDay);
        byYearDay = byYearDay == null ? null : List.copyOf(byYearDay);
    }
}
