package dev.concord.guild.scheduledevents;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * When a recurring event happens next: the rule's days, each at the time of day its {@code start} has, in
 * UTC. Days are walked one by one from where the search begins; every rule the platform allows matches
 * within eight years (the 29th of February is the rarest).
 */
final class RecurrenceRules {

    /** Eight years and two days: a leap day always falls within. */
    private static final int MAX_DAYS = 8 * 366 + 2;

    private RecurrenceRules() {}

    /** The first occurrence strictly after {@code after}; none if the rule has ended by then. */
    static @Nullable Instant next(RecurrenceRule rule, Instant after) {
        LocalDate first = rule.start().atOffset(ZoneOffset.UTC).toLocalDate();
        LocalTime time = rule.start().atOffset(ZoneOffset.UTC).toLocalTime();
        LocalDate from = after.atOffset(ZoneOffset.UTC).toLocalDate();
        LocalDate day = from.isAfter(first) ? from : first;
        for (int i = 0; i < MAX_DAYS; i++, day = day.plusDays(1)) {
            Instant at = day.atTime(time).toInstant(ZoneOffset.UTC);
            if (rule.end() != null && at.isAfter(rule.end())) {
                return null;
            }
            if (at.isAfter(after) && !at.isBefore(rule.start()) && matches(rule, first, day)) {
                return at;
            }
        }
        return null;
    }

    private static boolean matches(RecurrenceRule rule, LocalDate first, LocalDate day) {
        return switch (rule.frequency()) {
            case RecurrenceRule.DAILY ->
                rule.byWeekday() == null || rule.byWeekday().contains(weekday(day));
            case RecurrenceRule.WEEKLY ->
                weekday(day) == weeklyDay(rule, first) && weeksApart(first, day) % rule.interval() == 0;
            case RecurrenceRule.MONTHLY -> monthly(rule, first, day);
            case RecurrenceRule.YEARLY -> yearly(rule, first, day);
            default -> false;
        };
    }

    private static int weeklyDay(RecurrenceRule rule, LocalDate first) {
        List<Integer> days = rule.byWeekday();
        return days == null || days.isEmpty() ? weekday(first) : days.get(0);
    }

    private static long weeksApart(LocalDate first, LocalDate day) {
        LocalDate firstMonday = first.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        LocalDate monday = day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        return ChronoUnit.WEEKS.between(firstMonday, monday);
    }

    private static boolean monthly(RecurrenceRule rule, LocalDate first, LocalDate day) {
        List<RecurrenceRule.NWeekday> nth = rule.byNWeekday();
        if (nth == null || nth.isEmpty()) {
            return day.getDayOfMonth() == first.getDayOfMonth();
        }
        RecurrenceRule.NWeekday wanted = nth.get(0);
        return weekday(day) == wanted.day() && (day.getDayOfMonth() - 1) / 7 + 1 == wanted.n();
    }

    private static boolean yearly(RecurrenceRule rule, LocalDate first, LocalDate day) {
        List<Integer> months = rule.byMonth();
        List<Integer> monthDays = rule.byMonthDay();
        int month = months == null || months.isEmpty() ? first.getMonthValue() : months.get(0);
        int monthDay = monthDays == null || monthDays.isEmpty() ? first.getDayOfMonth() : monthDays.get(0);
        return day.getMonthValue() == month && day.getDayOfMonth() == monthDay;
    }

    /** The platform's weekday numbers: Monday 0 to Sunday 6. */
    private static int weekday(LocalDate day) {
        return day.getDayOfWeek().getValue() - 1;
    }
}
