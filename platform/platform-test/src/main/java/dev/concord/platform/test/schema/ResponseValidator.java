package dev.concord.platform.test.schema;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks one 2xx JSON answer against the response schema of the description's operation for the same
 * method and path. Throws {@link AssertionError} naming every field that does not fit; answers on routes
 * the description does not have are only counted.
 */
public final class ResponseValidator {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int MAX_ERRORS_SHOWN = 20;
    private static final int MAX_BODY_SHOWN = 2_000;

    private final PlatformSpec spec;
    private final ResponseTally tally;
    private final List<SpecDifferences.Difference> differences;

    public ResponseValidator(PlatformSpec spec, ResponseTally tally) {
        this(spec, tally, SpecDifferences.ALL);
    }

    /** {@code differences}: where the statuses differ; the schema differences are already in {@code spec}. */
    ResponseValidator(PlatformSpec spec, ResponseTally tally, List<SpecDifferences.Difference> differences) {
        this.spec = spec;
        this.tally = tally;
        this.differences = List.copyOf(differences);
    }

    /** The validator every test client of this JVM shares. */
    public static ResponseValidator shared() {
        return Shared.VALIDATOR;
    }

    private static final class Shared {
        static final ResponseValidator VALIDATOR = new ResponseValidator(PlatformSpec.shared(), ResponseTally.shared());
    }

    /** {@code rawPath}: the request's path as sent, without the query. */
    public void check(String method, String rawPath, int status, byte[] body) {
        PlatformSpec.Operation operation = spec.operation(method, rawPath);
        if (operation == null) {
            tally.skipped(method, rawPath);
            return;
        }
        String where =
                method + " " + rawPath + " (" + operation.id() + ", " + operation.template() + ") answered " + status;
        int specStatus = specStatus(operation, status, where);
        Schema schema = spec.responseSchema(operation, specStatus);
        if (schema == null) {
            throw new AssertionError(
                    where + " with a JSON body; the description answers " + specStatus + " without one");
        }
        JsonNode instance;
        try {
            instance = JSON.readTree(body);
        } catch (JacksonException e) {
            throw new AssertionError(where + " with a body that is not JSON: " + e.getOriginalMessage(), e);
        }
        List<Error> errors = schema.validate(instance);
        if (!errors.isEmpty()) {
            throw new AssertionError(where + " with a body that does not fit the platform's schema:\n"
                    + errors.stream()
                            .limit(MAX_ERRORS_SHOWN)
                            .map(error -> "  " + at(error) + ": " + error.getMessage())
                            .collect(Collectors.joining("\n"))
                    + (errors.size() > MAX_ERRORS_SHOWN ? "\n  ... " + errors.size() + " in all" : "")
                    + "\nbody: " + excerpt(body)
                    + "\nA field to add, or a deliberate difference to list with its reason in SpecDifferences.");
        }
        tally.validated(operation, status);
    }

    /** The status whose schema applies: ours, or the one a listed difference maps it to. */
    private int specStatus(PlatformSpec.Operation operation, int status, String where) {
        List<Integer> statuses = spec.successStatuses(operation);
        if (statuses.contains(status)) {
            return status;
        }
        for (SpecDifferences.Difference difference : differences) {
            if (difference instanceof SpecDifferences.OtherStatus other
                    && other.operationId().equals(operation.id())
                    && other.ourStatus() == status) {
                return other.specStatus();
            }
        }
        throw new AssertionError(where + "; the description answers " + statuses
                + ". A status to fix, or a deliberate difference to list with its reason in SpecDifferences.");
    }

    /** Where in the body, as a JSON pointer; the root is "/". */
    private static String at(Error error) {
        String location = error.getInstanceLocation().toString();
        return location.isEmpty() ? "/" : location;
    }

    private static String excerpt(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        return text.length() <= MAX_BODY_SHOWN ? text : text.substring(0, MAX_BODY_SHOWN) + "...";
    }
}
