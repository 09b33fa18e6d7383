package dev.concord.remoteauth.user;

import dev.concord.platform.web.Violations;
import io.r2dbc.postgresql.api.PostgresqlException;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataIntegrityViolationException;
import reactor.core.publisher.Mono;

/**
 * The 400s for a username or email someone else has. Checked before writing for a friendly answer; the
 * unique indexes decide when two requests race for the same name, and this turns their violation into
 * the same answer.
 */
public final class UniqueFields {

    private UniqueFields() {}

    public static void usernameTaken(Violations violations) {
        violations.add(
                "username",
                "USERNAME_ALREADY_TAKEN",
                "Username is unavailable. Try adding numbers, letters, underscores _ , or periods.");
    }

    public static void emailTaken(Violations violations) {
        violations.add("email", "EMAIL_ALREADY_REGISTERED", "Email is already registered.");
    }

    /** Maps a unique-index violation of {@code users} to its 400; any other failure passes through. */
    public static <T> Mono<T> translate(Throwable failure) {
        String constraint = constraintName(failure);
        Violations violations = new Violations();
        if ("users_username_key".equals(constraint) || "users_bot_tag_key".equals(constraint)) {
            usernameTaken(violations);
        } else if ("users_email_key".equals(constraint)) {
            emailTaken(violations);
        } else {
            return Mono.error(failure);
        }
        // throwIfAny throws the 50035, which fromRunnable turns into the error signal
        return Mono.fromRunnable(violations::throwIfAny);
    }

    private static @Nullable String constraintName(Throwable failure) {
        if (!(failure instanceof DataIntegrityViolationException)) {
            return null;
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof PostgresqlException postgres) {
                return postgres.getErrorDetails().getConstraintName().orElse(null);
            }
        }
        return null;
    }
}
