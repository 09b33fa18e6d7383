package dev.concord.edge.routing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.server.PathContainer;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The edge's routing, read from {@code routes.yaml}: which service owns a path, and the path it is
 * forwarded as. Checked once at load so a mistake fails the start (and the tests), never a request.
 */
public final class RouteTable {

    public static final String RESOURCE = "/routes.yaml";

    /** The owner of a request path and the path to forward, with the version prefix stripped. */
    public record Match(String service, PathContainer forwardPath, boolean prefixed) {}

    private record Document(List<String> prefixes, List<Group> routes) {}

    private record Group(String service, List<String> paths) {}

    private final List<String> prefixes;
    private final List<PathContainer> prefixPaths;
    private final List<PathRule> rules;

    private RouteTable(List<String> prefixes, List<PathRule> rules) {
        // Longest first, so /api/v10/users is read as /users under /api/v10, not as /v10/users under /api.
        this.prefixes = prefixes.stream()
                .sorted(Comparator.comparingInt(String::length).reversed())
                .toList();
        this.prefixPaths = this.prefixes.stream().map(PathContainer::parsePath).toList();
        this.rules = List.copyOf(rules);
    }

    /** The table shipped in the edge jar: the one the app routes by and the Ingress is rendered from. */
    public static RouteTable load() {
        try (InputStream in = RouteTable.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the classpath");
            }
            return parse(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RouteTable parse(InputStream yaml) {
        YAMLMapper mapper = YAMLMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
        Document document = mapper.readValue(yaml, Document.class);
        if (document.prefixes() == null || document.routes() == null) {
            throw new IllegalArgumentException("routes.yaml needs both 'prefixes' and 'routes'");
        }
        List<PathRule> rules = new ArrayList<>();
        for (Group group : document.routes()) {
            if (group.service() == null
                    || group.paths() == null
                    || group.paths().isEmpty()) {
                throw new IllegalArgumentException("every route group needs a 'service' and some 'paths': " + group);
            }
            for (String path : group.paths()) {
                PathRule rule = new PathRule(group.service(), path);
                if (rule.leadingLiteral() == null && !path.equals("/")) {
                    // Else it could match a prefixed path unstripped, and the edge and the Ingress would differ.
                    throw new IllegalArgumentException(rule + " must start with a literal segment");
                }
                for (PathRule earlier : rules) {
                    if (rule.isCoveredBy(earlier)) {
                        throw new IllegalArgumentException(rule + " can never match: " + earlier
                                + " is above it and matches all it does; move it higher");
                    }
                }
                rules.add(rule);
            }
        }
        for (String prefix : document.prefixes()) {
            if (!prefix.matches("(/[A-Za-z0-9._~-]+)+")) {
                throw new IllegalArgumentException("a prefix looks like /api or /api/v9, not " + prefix);
            }
            // A rule starting with a prefix segment (/api/x, /v9/x) could be read as prefixed, and the
            // Ingress regex might split the path differently from the edge.
            List<String> prefixSegments = List.of(prefix.substring(1).split("/"));
            for (PathRule rule : rules) {
                if (rule.leadingLiteral() != null && prefixSegments.contains(rule.leadingLiteral())) {
                    throw new IllegalArgumentException(rule + " starts like the prefix " + prefix);
                }
            }
        }
        return new RouteTable(document.prefixes(), rules);
    }

    /** The owner of {@code path} by the first rule that matches it; null when no service owns it. */
    public @Nullable Match resolve(PathContainer path) {
        PathContainer unprefixed = stripPrefix(path);
        for (PathRule rule : rules) {
            if (rule.matches(unprefixed)) {
                return new Match(rule.service(), unprefixed, unprefixed != path);
            }
        }
        return null;
    }

    private PathContainer stripPrefix(PathContainer path) {
        List<PathContainer.Element> elements = path.elements();
        for (PathContainer prefix : prefixPaths) {
            List<PathContainer.Element> head = prefix.elements();
            // Only a whole-segment prefix followed by '/' counts: /api/v10 alone is not a route.
            if (elements.size() > head.size()
                    && elements.get(head.size()) instanceof PathContainer.Separator
                    && startsWith(elements, head)) {
                return path.subPath(head.size());
            }
        }
        return path;
    }

    private static boolean startsWith(List<PathContainer.Element> elements, List<PathContainer.Element> head) {
        for (int i = 0; i < head.size(); i++) {
            if (!elements.get(i).value().equals(head.get(i).value())) {
                return false;
            }
        }
        return true;
    }

    /** The stripped prefixes, longest first. */
    public List<String> prefixes() {
        return prefixes;
    }

    /** Every rule, in the order they are tried. */
    public List<PathRule> rules() {
        return rules;
    }

    /** The services the table routes to, in order of first appearance. */
    public Set<String> services() {
        Set<String> services = new LinkedHashSet<>();
        rules.forEach(rule -> services.add(rule.service()));
        return services;
    }
}
