package dev.concord.edge.routing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders the production Ingress (ingress-nginx) from the edge's route table.
 *
 * <p>ingress-nginx sorts regex locations by length, longest first, and takes the first that matches, so
 * the table's top-to-bottom order cannot be carried over as order. Instead each rule's regex excludes,
 * by negative lookahead, every earlier rule it overlaps: the rules become mutually exclusive and any
 * path matches exactly the rule the edge would pick, whatever order nginx tries them in.
 *
 * <p>Run with the output file as argument ({@code ./mvnw -q -B -pl edge compile exec:java}).
 */
public final class IngressManifest {

    static final String REWRITE_TARGET = "/$1";

    private IngressManifest() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: IngressManifest <output file, e.g. deploy/k8s/ingress.yaml>");
        }
        Path out = Path.of(args[0]);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, render(RouteTable.load()), StandardCharsets.UTF_8);
    }

    public static String render(RouteTable table) {
        StringBuilder yaml = new StringBuilder()
                .append(
                        "# Generated from edge/src/main/resources/routes.yaml by dev.concord.edge.routing.IngressManifest.\n")
                .append(
                        "# Do not edit: change routes.yaml and regenerate (edge/README.md). A test fails if they differ.\n")
                .append("apiVersion: networking.k8s.io/v1\n")
                .append("kind: Ingress\n")
                .append("metadata:\n")
                .append("  name: concord\n")
                .append("  namespace: concord\n")
                .append("  annotations:\n")
                .append("    nginx.ingress.kubernetes.io/use-regex: \"true\"\n")
                .append("    nginx.ingress.kubernetes.io/rewrite-target: ")
                .append(REWRITE_TARGET)
                .append('\n')
                .append("spec:\n")
                .append("  ingressClassName: nginx\n")
                .append("  rules:\n")
                .append("    - http:\n")
                .append("        paths:\n");
        List<PathRule> rules = table.rules();
        for (int i = 0; i < rules.size(); i++) {
            PathRule rule = rules.get(i);
            yaml.append("          # ")
                    .append(rule.pattern())
                    .append('\n')
                    .append("          - path: '")
                    .append(pathRegex(table, rules.subList(0, i), rule))
                    .append("'\n")
                    .append("            pathType: ImplementationSpecific\n")
                    .append("            backend:\n")
                    .append("              service:\n")
                    .append("                name: ")
                    .append(rule.service())
                    .append('\n')
                    .append("                port:\n")
                    .append("                  number: 80\n");
        }
        return yaml.toString();
    }

    /**
     * {@code /(?:<prefix>/)?(?!<earlier overlapping rule>$)...(<rule>)$}: group 1 is the path without its
     * prefix and leading slash, which {@link #REWRITE_TARGET} forwards.
     */
    static String pathRegex(RouteTable table, List<PathRule> earlier, PathRule rule) {
        String prefixes = table.prefixes().stream()
                .map(prefix -> prefix.substring(1).replace(".", "\\.") + "/")
                .collect(Collectors.joining("|", "(?:", ")?"));
        String exclusions = earlier.stream()
                .filter(rule::overlaps)
                .map(other -> "(?!" + other.regex() + "$)")
                .collect(Collectors.joining());
        return "/" + prefixes + exclusions + "(" + rule.regex() + ")$";
    }
}
