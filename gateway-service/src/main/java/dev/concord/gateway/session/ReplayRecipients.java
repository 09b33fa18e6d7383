package dev.concord.gateway.session;

import java.util.Arrays;

/**
 * Who got one frame under which number, as the replay log gathers it during a fan-out: pairs of longs in
 * one growing array, turned into the log's {@code ordinal:seq,...} text only when written, on the flush's
 * thread rather than on the consumer's. Guarded by the log's lock.
 */
final class ReplayRecipients {

    private long[] pairs = new long[8];
    private int size;

    void add(long ordinal, long seq) {
        if (size + 2 > pairs.length) {
            pairs = Arrays.copyOf(pairs, pairs.length * 2);
        }
        pairs[size++] = ordinal;
        pairs[size++] = seq;
    }

    /** As the log's entry has them: {@code ordinal:seq} pairs separated by commas. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(size * 8);
        for (int i = 0; i < size; i += 2) {
            if (i > 0) {
                text.append(',');
            }
            text.append(pairs[i]).append(':').append(pairs[i + 1]);
        }
        return text.toString();
    }
}
