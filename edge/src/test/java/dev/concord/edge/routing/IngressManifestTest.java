package dev.concord.edge.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.edge.routing.RoutingCases.Case;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** The committed Ingress is the rendering of routes.yaml, and routes every path as the edge does. */
class IngressManifestTest {

    /** Surefire runs in the module directory. */
    private static final Path COMMITTED = Path.of("..", "deploy", "k8s", "ingress.yaml");

    private record IngressPath(Pattern regex, String service) {}

    private static final List<IngressPath> PATHS = new ArrayList<>();

    @BeforeAll
    static void readCommittedIngress() throws IOException {
        JsonNode ingress = YAMLMapper.builder().build().readTree(Files.readString(COMMITTED, StandardCharsets.UTF_8));
        assertThat(ingress.at("/metadata/annotations/nginx.ingress.kubernetes.io~1use-regex")
                        .asString())
                .isEqualTo("true");
        for (JsonNode path : ingress.at("/spec/rules/0/http/paths")) {
            // ingress-nginx writes each path as a case-insensitive location anchored at the start.
            Pattern regex = Pattern.compile("^" + path.get("path").asString(), Pattern.CASE_INSENSITIVE);
            PATHS.add(new IngressPath(regex, path.at("/backend/service/name").asString()));
        }
    }

    static Stream<Case> cases() {
        return RoutingCases.all();
    }

    static Stream<String> unowned() {
        return RoutingCases.unowned();
    }

    @Test
    void committedFileIsTheRenderingOfRoutesYaml() throws IOException {
        assertThat(Files.readString(COMMITTED, StandardCharsets.UTF_8))
                .as("deploy/k8s/ingress.yaml is stale: regenerate it with ./mvnw -q -B -pl edge compile exec:java")
                .isEqualTo(IngressManifest.render(RouteTable.load()));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void exactlyOnePathMatchesAndRewritesToTheUnprefixedPath(Case expected) {
        for (String prefix : RoutingCases.PREFIXES) {
            String requested = prefix + expected.path();
            List<IngressPath> matching = PATHS.stream()
                    .filter(p -> p.regex().matcher(requested).find())
                    .toList();
            assertThat(matching).as(requested).hasSize(1);
            assertThat(matching.get(0).service()).as(requested).isEqualTo(expected.service());
            Matcher matcher = matching.get(0).regex().matcher(requested);
            assertThat(matcher.find()).isTrue();
            assertThat(IngressManifest.REWRITE_TARGET.replace("$1", matcher.group(1)))
                    .isEqualTo(expected.path());
        }
    }

    @ParameterizedTest
    @MethodSource("unowned")
    void unownedPathsMatchNothing(String path) {
        assertThat(PATHS).noneMatch(p -> p.regex().matcher(path).find());
    }
}
