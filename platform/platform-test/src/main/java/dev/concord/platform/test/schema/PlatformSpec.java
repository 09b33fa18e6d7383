package dev.concord.platform.test.schema;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The platform's OpenAPI description (a copy kept in this module's resources, see its README), read and
 * patched with {@link SpecDifferences} once per JVM: which operation answers a request, and the compiled
 * schema of each of its responses.
 */
public final class PlatformSpec {

    private static final String RESOURCE = "discord-api-spec/openapi.json";
    /** Only a name for the document inside the schema registry: nothing is fetched from it. */
    private static final String DOCUMENT = "https://spec.concord.invalid/openapi.json";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * One operation of the description: its id, method and path template, its responses and its request
     * body (a missing node when it reads none).
     */
    public record Operation(String id, String method, String template, JsonNode responses, JsonNode requestBody) {}

    private record Template(String path, String[] segments, int literals, Map<String, Operation> byMethod) {

        boolean matches(String[] requestSegments) {
            if (requestSegments.length != segments.length) {
                return false;
            }
            for (int i = 0; i < segments.length; i++) {
                if (!isParameter(segments[i]) && !segments[i].equals(requestSegments[i])) {
                    return false;
                }
            }
            return true;
        }
    }

    private final List<Template> templates = new ArrayList<>();
    private final SchemaRegistry registry;
    private final JsonNode components;
    private final Map<String, Schema> compiled = new ConcurrentHashMap<>();

    private PlatformSpec(ObjectNode spec) {
        SpecDifferences.patch(spec, SpecDifferences.ALL);
        components = spec.path("components");
        Set<String> operationIds = new HashSet<>();
        spec.path("paths").properties().forEach(entry -> {
            Map<String, Operation> byMethod = new HashMap<>();
            entry.getValue().properties().forEach(method -> {
                if (method.getValue().has("responses")) {
                    String id = method.getValue().path("operationId").asString();
                    operationIds.add(id);
                    String verb = method.getKey().toUpperCase(Locale.ROOT);
                    byMethod.put(
                            verb,
                            new Operation(
                                    id,
                                    verb,
                                    entry.getKey(),
                                    method.getValue().path("responses"),
                                    method.getValue().path("requestBody")));
                }
            });
            String[] segments = segments(entry.getKey());
            int literals = 0;
            for (String segment : segments) {
                literals += isParameter(segment) ? 0 : 1;
            }
            templates.add(new Template(entry.getKey(), segments, literals, byMethod));
        });
        // /users/@me before /users/{user_id}: the template with the most literal segments wins.
        templates.sort(Comparator.comparingInt(Template::literals).reversed());
        for (SpecDifferences.Difference difference : SpecDifferences.ALL) {
            if (difference instanceof SpecDifferences.OtherStatus status
                    && !operationIds.contains(status.operationId())) {
                throw new IllegalStateException("Stale difference: no operation " + status.operationId());
            }
        }
        String patched = JSON.writeValueAsString(spec);
        registry = SchemaRegistry.withDefaultDialect(
                Dialects.getOpenApi31(), builder -> builder.schemas(Map.of(DOCUMENT, patched)));
    }

    private static final class Shared {
        static final PlatformSpec SPEC = load();
    }

    /** The description, read on first use and kept for the JVM. */
    public static PlatformSpec shared() {
        return Shared.SPEC;
    }

    private static PlatformSpec load() {
        try (InputStream in = PlatformSpec.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            }
            return new PlatformSpec((ObjectNode) JSON.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The operation answering {@code method} on {@code rawPath} (no query, no /api/v10 prefix), or null. */
    public @Nullable Operation operation(String method, String rawPath) {
        String[] requestSegments = segments(rawPath);
        for (Template template : templates) {
            if (template.matches(requestSegments)) {
                Operation operation = template.byMethod().get(method);
                if (operation != null) {
                    return operation;
                }
            }
        }
        return null;
    }

    /**
     * The compiled schema of {@code operation}'s JSON answer with {@code status}; null when that answer has no
     * JSON body. Its {@code $ref}s point into the whole description, which the registry holds.
     */
    public @Nullable Schema responseSchema(Operation operation, int status) {
        JsonNode schema = operation
                .responses()
                .path(Integer.toString(status))
                .path("content")
                .path("application/json")
                .path("schema");
        if (schema.isMissingNode()) {
            return null;
        }
        return compiled.computeIfAbsent(operation.id() + "/" + status, key -> {
            Schema compiledSchema =
                    registry.getSchema(SchemaLocation.of(DOCUMENT + "#/responses/" + key), absoluteRefs(schema));
            compiledSchema.initializeValidators();
            return compiledSchema;
        });
    }

    /**
     * The schema of {@code operation}'s JSON request body as the description writes it ({@code $ref}s
     * unresolved, see {@link #resolve}), or null when the operation reads no JSON body.
     */
    public @Nullable JsonNode requestSchema(Operation operation) {
        JsonNode schema = resolve(operation.requestBody())
                .path("content")
                .path("application/json")
                .path("schema");
        return schema.isMissingNode() ? null : schema;
    }

    /** {@code node}, or what its local {@code $ref} ({@code #/components/...}) names, followed to the end. */
    public JsonNode resolve(JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; current.has("$ref") && hops < 20; hops++) {
            String ref = current.path("$ref").asString();
            if (!ref.startsWith("#/components/")) {
                throw new IllegalStateException("Not a local reference: " + ref);
            }
            JsonNode target = components;
            for (String part : ref.substring("#/components/".length()).split("/")) {
                target = target.path(part);
            }
            current = target;
        }
        return current;
    }

    /** The 2xx statuses the description gives {@code operation}. */
    public List<Integer> successStatuses(Operation operation) {
        List<Integer> statuses = new ArrayList<>();
        operation.responses().propertyNames().forEach(name -> {
            if (name.startsWith("2")) {
                statuses.add(Integer.parseInt(name));
            }
        });
        return statuses;
    }

    /** A copy of a schema taken out of the description, its local {@code $ref}s made to name the document. */
    private static JsonNode absoluteRefs(JsonNode schema) {
        JsonNode copy = schema.deepCopy();
        rewrite(copy);
        return copy;
    }

    private static void rewrite(JsonNode node) {
        if (node instanceof ObjectNode object) {
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isString() && ref.asString().startsWith("#")) {
                object.put("$ref", DOCUMENT + ref.asString());
            }
        }
        for (JsonNode child : node) {
            rewrite(child);
        }
    }

    private static boolean isParameter(String segment) {
        return segment.startsWith("{") && segment.endsWith("}");
    }

    private static String[] segments(String path) {
        String trimmed = path.startsWith("/") ? path.substring(1) : path;
        if (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed.split("/", -1);
    }
}
