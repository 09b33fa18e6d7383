package dev.concord.platform.json;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/**
 * Reads the one timestamp shape the platform writes, {@code 2026-11-27T05:09:58.123456+00:00} (any
 * offset, or {@code Z}; a fraction of 1 to 9 digits, or none), without {@code DateTimeFormatter}: every
 * event envelope carries one, and the formatter's general parse took a sixth of the gateway's Kafka
 * consumer thread. Anything else answers null, and the caller leaves it to java.time's own reader, which
 * then accepts or refuses it exactly as before.
 */
final class IsoTimestamps {

    private IsoTimestamps() {}

    static @Nullable OffsetDateTime offsetDateTime(String text) {
        int length = text.length();
        if (length < 20 || !shapeOfDateTime(text)) {
            return null;
        }
        int position = 19;
        int nanos = 0;
        if (text.charAt(position) == '.') {
            int digits = 0;
            position++;
            while (position < length && isDigit(text.charAt(position))) {
                if (++digits > 9) {
                    return null;
                }
                nanos = nanos * 10 + (text.charAt(position) - '0');
                position++;
            }
            if (digits == 0) {
                return null;
            }
            for (int missing = 9 - digits; missing > 0; missing--) {
                nanos *= 10;
            }
        }
        ZoneOffset offset = offset(text, position);
        if (offset == null) {
            return null;
        }
        try {
            LocalDateTime local = LocalDateTime.of(
                    number(text, 0, 4),
                    number(text, 5, 2),
                    number(text, 8, 2),
                    number(text, 11, 2),
                    number(text, 14, 2),
                    number(text, 17, 2),
                    nanos);
            return OffsetDateTime.of(local, offset);
        } catch (DateTimeException outOfRange) {
            return null;
        }
    }

    static @Nullable Instant instant(String text) {
        OffsetDateTime read = offsetDateTime(text);
        return read == null ? null : read.toInstant();
    }

    /** {@code YYYY-MM-DDTHH:MM:SS}, digits where digits go. */
    private static boolean shapeOfDateTime(String text) {
        for (int i = 0; i < 19; i++) {
            char c = text.charAt(i);
            boolean ok =
                    switch (i) {
                        case 4, 7 -> c == '-';
                        case 10 -> c == 'T';
                        case 13, 16 -> c == ':';
                        default -> isDigit(c);
                    };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** {@code Z} or {@code ±HH:MM}, ending the text; null for anything else. */
    private static @Nullable ZoneOffset offset(String text, int position) {
        int rest = text.length() - position;
        if (rest == 1 && text.charAt(position) == 'Z') {
            return ZoneOffset.UTC;
        }
        if (rest != 6 || text.charAt(position + 3) != ':') {
            return null;
        }
        char sign = text.charAt(position);
        if ((sign != '+' && sign != '-')
                || !isDigit(text.charAt(position + 1))
                || !isDigit(text.charAt(position + 2))
                || !isDigit(text.charAt(position + 4))
                || !isDigit(text.charAt(position + 5))) {
            return null;
        }
        int hours = number(text, position + 1, 2);
        int minutes = number(text, position + 4, 2);
        if (sign == '-' && hours == 0 && minutes == 0) {
            return null; // "-00:00": left to java.time, which has its own view of it
        }
        try {
            return sign == '+'
                    ? ZoneOffset.ofHoursMinutes(hours, minutes)
                    : ZoneOffset.ofHoursMinutes(-hours, -minutes);
        } catch (DateTimeException outOfRange) {
            return null;
        }
    }

    private static int number(String text, int from, int digits) {
        int value = 0;
        for (int i = from; i < from + digits; i++) {
            value = value * 10 + (text.charAt(i) - '0');
        }
        return value;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
