package dev.concord.edge.routing;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * One pattern of the route table and the service that owns it. Patterns are held to the subset of
 * Spring's PathPattern syntax that a regular expression mirrors exactly (literal segments, {@code {name}},
 * {@code *} inside a segment, a trailing {@code /**}), so the edge and the Ingress rendered from the same
 * table cannot route a path differently.
 */
final class PathRule {

    private static final Pattern VARIABLE = Pattern.compile("\\{[A-Za-z][A-Za-z0-9_.]*}");
    /** No regex metacharacter but '.' and the segment wildcard '*', which {@link #segmentRegex} handles. */
    private static final Pattern LITERAL = Pattern.compile("[A-Za-z0-9@._~*-]+");

    private static final String REST = "**";

    private final String service;
    private final String pattern;
    private final List<String> segments;
    private final PathPattern compiled;

    PathRule(String service, String pattern) {
        this.service = service;
        this.pattern = pattern;
        if (pattern == null || !pattern.startsWith("/")) {
            throw new IllegalArgumentException("pattern must start with '/': " + pattern);
        }
        this.segments = pattern.equals("/")
                ? List.of()
                : Arrays.asList(pattern.substring(1).split("/", -1));
        for (int i = 0; i < segments.size(); i++) {
            String segment = segments.get(i);
            boolean valid = segment.equals(REST)
                    ? i == segments.size() - 1
                    : VARIABLE.matcher(segment).matches()
                            || (LITERAL.matcher(segment).matches() && !segment.equals("*"));
            if (!valid) {
                throw new IllegalArgumentException("unsupported segment '" + segment + "' in " + pattern
                        + " (use literals, {name}, * inside a segment, or a final /**)");
            }
        }
        this.compiled = PathPatternParser.defaultInstance.parse(pattern);
    }

    public String service() {
        return service;
    }

    public String pattern() {
        return pattern;
    }

    /** The first segment when it is a plain literal ({@code /} has none). */
    @Nullable
    String leadingLiteral() {
        String first = segments.isEmpty() ? null : segments.get(0);
        return first == null || isVariable(first) || first.contains("*") ? null : first;
    }

    boolean matches(PathContainer path) {
        return compiled.matches(path);
    }

    /** Whether some path matches both rules. Answers true when unsure, as a spare exclusion is harmless. */
    boolean overlaps(PathRule other) {
        List<String> a = segments;
        List<String> b = other.segments;
        for (int i = 0; ; i++) {
            boolean aEnd = i == a.size();
            boolean bEnd = i == b.size();
            if ((!aEnd && a.get(i).equals(REST)) || (!bEnd && b.get(i).equals(REST))) {
                return true;
            }
            if (aEnd || bEnd) {
                return aEnd && bEnd;
            }
            String x = a.get(i);
            String y = b.get(i);
            boolean meet = isVariable(x)
                    || isVariable(y)
                    || (isGlob(x) && isGlob(y))
                    || (isGlob(x) ? y.matches(segmentRegex(x)) : isGlob(y) ? x.matches(segmentRegex(y)) : x.equals(y));
            if (!meet) {
                return false;
            }
        }
    }

    /** Whether every path this rule matches is matched by {@code wider} too. Answers false when unsure. */
    boolean isCoveredBy(PathRule wider) {
        List<String> w = wider.segments;
        List<String> n = segments;
        for (int i = 0; ; i++) {
            if (i < w.size() && w.get(i).equals(REST)) {
                return true;
            }
            if (i == w.size() || i == n.size() || n.get(i).equals(REST)) {
                return i == w.size() && i == n.size();
            }
            String outer = w.get(i);
            String inner = n.get(i);
            boolean covered = isVariable(outer)
                    || (isGlob(outer)
                            ? !isVariable(inner) && !isGlob(inner) && inner.matches(segmentRegex(outer))
                            : outer.equals(inner));
            if (!covered) {
                return false;
            }
        }
    }

    /** The pattern as a regex over the path after its leading slash, matching exactly what the edge does. */
    String regex() {
        if (!segments.isEmpty() && segments.get(0).equals(REST)) {
            return ".*";
        }
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < segments.size(); i++) {
            String segment = segments.get(i);
            if (segment.equals(REST)) {
                regex.append("(?:/.*)?");
            } else {
                regex.append(i == 0 ? "" : "/").append(segmentRegex(segment));
            }
        }
        return regex.toString();
    }

    private static String segmentRegex(String segment) {
        if (isVariable(segment)) {
            return "[^/]+";
        }
        return segment.replace(".", "\\.").replace("*", "[^/]*");
    }

    private static boolean isVariable(String segment) {
        return segment.startsWith("{");
    }

    private static boolean isGlob(String segment) {
        return !isVariable(segment) && segment.contains("*");
    }

    @Override
    public String toString() {
        return pattern + " -> " + service;
    }
}
