package dev.concord.platform.test.hostile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What went wrong in a run, grouped by what was wrong and with which hostile value, for one report. */
final class Failures {

    private static final int MAX_LINES_PER_GROUP = 60;

    private final Map<String, List<String>> groups = new TreeMap<>();

    void add(String group, String line) {
        groups.computeIfAbsent(group, any -> new ArrayList<>()).add(line);
    }

    int count() {
        return groups.values().stream().mapToInt(List::size).sum();
    }

    boolean isEmpty() {
        return groups.isEmpty();
    }

    /** Each group with its count and its lines (at most {@value #MAX_LINES_PER_GROUP} each). */
    String report() {
        StringBuilder text = new StringBuilder();
        groups.forEach((group, lines) -> {
            text.append("\n\n").append(group).append(" (").append(lines.size()).append(")");
            lines.stream().limit(MAX_LINES_PER_GROUP).forEach(line -> text.append("\n    ")
                    .append(line));
            if (lines.size() > MAX_LINES_PER_GROUP) {
                text.append("\n    ... and ")
                        .append(lines.size() - MAX_LINES_PER_GROUP)
                        .append(" more");
            }
        });
        return text.toString();
    }
}
