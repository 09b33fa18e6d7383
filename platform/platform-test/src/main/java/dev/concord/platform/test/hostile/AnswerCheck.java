package dev.concord.platform.test.hostile;

import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Sends each probe and records every way its answer is wrong: a 5xx, an error not in the platform's
 * shape, a refusal that changed stored state (compared with the fingerprint taken after the last
 * accepted request), or an answer other than the probe expects.
 */
final class AnswerCheck {

    private final Sender sender;
    private final Supplier<String> storedState;
    private final ObjectMapper mapper;
    private final Failures failures;
    private String baseline = "";
    private int requests;

    AnswerCheck(Sender sender, Supplier<String> storedState, ObjectMapper mapper, Failures failures) {
        this.sender = sender;
        this.storedState = storedState;
        this.mapper = mapper;
        this.failures = failures;
    }

    /** The stored state every refusal is compared with, until a request is accepted. */
    void takeBaseline() {
        baseline = storedState.get();
    }

    int requests() {
        return requests;
    }

    /** Sends {@code probe} and records every way its answer is wrong. */
    void check(Probe probe) {
        requests++;
        Sender.Answer answer;
        try {
            answer = sender.send(probe);
        } catch (RuntimeException e) {
            fail("no answer: " + e.getClass().getSimpleName(), probe, String.valueOf(e.getMessage()));
            baseline = storedState.get();
            return;
        }
        int status = answer.status();
        if (status >= 500) {
            fail("5xx: " + status, probe, answer.shortBody());
            baseline = storedState.get();
            return;
        }
        if (status >= 400) {
            String shapeProblem = shapeProblem(answer);
            if (shapeProblem != null) {
                fail(status + " not in the platform's error shape (" + shapeProblem + ")", probe, answer.shortBody());
            }
            String now = storedState.get();
            if (!now.equals(baseline)) {
                fail("refused but changed stored state", probe, status + " " + answer.shortBody());
                baseline = now;
            }
        } else {
            baseline = storedState.get();
        }
        switch (probe.expect()) {
            case REFUSED -> {
                if (status < 400) {
                    fail("accepted (" + status + ") what must be refused", probe, answer.shortBody());
                }
            }
            case UNAUTHORIZED -> {
                if (status != 401) {
                    fail("not 401 without a valid token", probe, status + " " + answer.shortBody());
                }
            }
            case NOT_UNAUTHORIZED -> {
                if (status == 401) {
                    fail("401 on a public route", probe, answer.shortBody());
                }
            }
            case ANSWERED -> {}
        }
    }

    /** Why an error's body is not {@code {"message": string, "code": integer, "errors"?: object}}, or null. */
    private @Nullable String shapeProblem(Sender.Answer answer) {
        JsonNode body;
        try {
            body = mapper.readTree(answer.body());
        } catch (RuntimeException e) {
            return "not JSON";
        }
        if (body == null || !body.isObject()) {
            return "not a JSON object";
        }
        if (!body.path("message").isString()) {
            return "no message string";
        }
        if (!body.path("code").isIntegralNumber()) {
            return "no integer code";
        }
        if (body.path("code").asLong() == 50035 && !body.path("errors").isObject()) {
            return "50035 without an errors object";
        }
        return null;
    }

    private void fail(String what, Probe probe, String detail) {
        String subject = probe.subject().isEmpty() ? "" : " " + probe.subject();
        failures.add(what + " | " + probe.variant(), probe.route() + subject + "  ->  " + detail);
    }
}
