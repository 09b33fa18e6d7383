package dev.concord.guild.scheduledevents;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.time.DateTimeException;
import java.time.MonthDay;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A recurrence rule as sent, with the platform's limits: {@code start} and {@code frequency} required;
 * {@code end}, {@code count} and {@code by_year_day} not settable; {@code by_weekday},
 * {@code by_n_weekday} and {@code by_month} + {@code by_month_day} exclusive; weekdays daily only in the
 * known sets and weekly one day; the nth weekday monthly, one; a month and day yearly, one each;
 * {@code interval} 2 only for every other week.
 */
record RecurrenceRuleRequest(
        Possible<java.time.Instant> start,
        Possible<Optional<java.time.Instant>> end,
        Possible<Integer> frequency,
        Possible<Optional<Integer>> interval,
        Possible<Optional<List<Integer>>> byWeekday,
        @JsonProperty("by_n_weekday") Possible<Optional<List<NWeekdayRequest>>> byNWeekday,
        Possible<Optional<List<Integer>>> byMonth,
        Possible<Optional<List<Integer>>> byMonthDay,
        Possible<Optional<List<Integer>>> byYearDay,
        Possible<Optional<Integer>> count) {

    record NWeekdayRequest(Possible<Integer> n, Possible<Integer> day) {}

    /** The weekday sets a daily event may keep (Monday 0): weekdays, Tuesday-Saturday, Sunday-Thursday, weekends. */
    static final List<Set<Integer>> DAILY_SETS = List.of(
            Set.of(0, 1, 2, 3, 4),
            Set.of(1, 2, 3, 4, 5),
            Set.of(6, 0, 1, 2, 3),
            Set.of(4, 5),
            Set.of(5, 6),
            Set.of(6, 0));

    private static final String INVALID = "GUILD_SCHEDULED_EVENT_RECURRENCE_RULE_INVALID";

    /** Adds what is wrong to {@code v}, which stands at {@code recurrence_rule}. */
    void validate(Violations v) {
        v.required("start", start.orNull());
        v.required("frequency", frequency.orNull());
        v.oneOf(
                "frequency",
                frequency.orNull(),
                List.of(RecurrenceRule.YEARLY, RecurrenceRule.MONTHLY, RecurrenceRule.WEEKLY, RecurrenceRule.DAILY));
        notSettable(v, "end", Possible.valueOrNull(end));
        notSettable(v, "count", Possible.valueOrNull(count));
        notSettable(v, "by_year_day", Possible.valueOrNull(byYearDay));
        Integer kind = frequency.orNull();
        if (kind == null) {
            return;
        }
        Integer every = Possible.valueOrNull(interval);
        if (every != null && every != 1 && !(kind == RecurrenceRule.WEEKLY && every == 2)) {
            v.add("interval", INVALID, "Only a weekly event may recur every other week (2); others every 1.");
        }
        List<Integer> weekdays = Possible.valueOrNull(byWeekday);
        List<NWeekdayRequest> nthWeekdays = Possible.valueOrNull(byNWeekday);
        List<Integer> months = Possible.valueOrNull(byMonth);
        List<Integer> monthDays = Possible.valueOrNull(byMonthDay);
        int ways = (weekdays != null ? 1 : 0)
                + (nthWeekdays != null ? 1 : 0)
                + (months != null || monthDays != null ? 1 : 0);
        if (ways > 1) {
            v.add(null, INVALID, "by_weekday, by_n_weekday and by_month with by_month_day exclude each other.");
            return;
        }
        checkWeekdays(v, kind, weekdays);
        checkNthWeekdays(v, kind, nthWeekdays);
        checkDate(v, kind, months, monthDays);
    }

    private static void checkWeekdays(Violations v, int kind, @Nullable List<Integer> weekdays) {
        if (weekdays == null || !items(v, "by_weekday", weekdays, 0, 6)) {
            return;
        }
        Set<Integer> days = new HashSet<>(weekdays);
        if (days.size() != weekdays.size()) {
            v.add("by_weekday", INVALID, "Each weekday once.");
        } else if (kind == RecurrenceRule.DAILY) {
            if (!DAILY_SETS.contains(days)) {
                v.add("by_weekday", INVALID, "A daily event recurs on one of the known sets of weekdays.");
            }
        } else if (kind == RecurrenceRule.WEEKLY) {
            if (days.size() != 1) {
                v.add("by_weekday", INVALID, "A weekly event recurs on one weekday.");
            }
        } else {
            v.add("by_weekday", INVALID, "Only daily and weekly events recur by weekday.");
        }
    }

    private static void checkNthWeekdays(Violations v, int kind, @Nullable List<NWeekdayRequest> nthWeekdays) {
        if (nthWeekdays == null) {
            return;
        }
        if (kind != RecurrenceRule.MONTHLY) {
            v.add("by_n_weekday", INVALID, "Only monthly events recur on the nth weekday.");
        } else if (nthWeekdays.size() != 1) {
            v.add("by_n_weekday", INVALID, "A monthly event recurs on one day of the month.");
        } else {
            NWeekdayRequest nth = nthWeekdays.get(0);
            Violations at = v.at("by_n_weekday").at(0);
            if (nth == null) {
                at.add(null, "BASE_TYPE_REQUIRED", "This field is required");
                return;
            }
            at.required("n", nth.n().orNull()).range("n", nth.n().orNull(), 1, 5);
            at.required("day", nth.day().orNull()).range("day", nth.day().orNull(), 0, 6);
        }
    }

    private static void checkDate(
            Violations v, int kind, @Nullable List<Integer> months, @Nullable List<Integer> monthDays) {
        if (months == null && monthDays == null) {
            return;
        }
        if (kind != RecurrenceRule.YEARLY) {
            v.add(months != null ? "by_month" : "by_month_day", INVALID, "Only yearly events recur on a date.");
            return;
        }
        if (months == null || monthDays == null || months.size() != 1 || monthDays.size() != 1) {
            v.add(
                    months == null || months.size() != 1 ? "by_month" : "by_month_day",
                    INVALID,
                    "A yearly event recurs on one month and one day of it.");
            return;
        }
        if (items(v, "by_month", months, 1, 12) && items(v, "by_month_day", monthDays, 1, 31)) {
            try {
                MonthDay.of(months.get(0), monthDays.get(0));
            } catch (DateTimeException noSuchDate) {
                v.add("by_month_day", INVALID, "The month has no such day.");
            }
        }
    }

    /** Whether every item is there and within {@code min..max}; adds an error at each that is not. */
    private static boolean items(Violations v, String field, List<Integer> values, int min, int max) {
        boolean fine = true;
        for (int i = 0; i < values.size(); i++) {
            Integer value = values.get(i);
            if (value == null) {
                v.at(field).required(Integer.toString(i), null);
                fine = false;
            } else if (value < min || value > max) {
                v.at(field).range(Integer.toString(i), value, min, max);
                fine = false;
            }
        }
        return fine;
    }

    private static void notSettable(Violations v, String field, @Nullable Object value) {
        if (value != null) {
            v.add(field, INVALID, "Cannot be set.");
        }
    }

    /** The rule to keep; only after {@link #validate} found nothing wrong. */
    RecurrenceRule rule() {
        List<NWeekdayRequest> nth = Possible.valueOrNull(byNWeekday);
        Integer every = Possible.valueOrNull(interval);
        return new RecurrenceRule(
                start.get(),
                null,
                frequency.get(),
                every == null ? 1 : every,
                Possible.valueOrNull(byWeekday),
                nth == null
                        ? null
                        : nth.stream()
                                .map(day -> new RecurrenceRule.NWeekday(
                                        day.n().get(), day.day().get()))
                                .toList(),
                Possible.valueOrNull(byMonth),
                Possible.valueOrNull(byMonthDay),
                null,
                null);
    }
}
