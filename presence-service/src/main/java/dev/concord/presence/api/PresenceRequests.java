package dev.concord.presence.api;

import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** The bodies of presence's own endpoints. */
final class PresenceRequests {

    private PresenceRequests() {}

    /** {@code POST /presences}: the launcher's game, by its package, and what became of it. */
    record Launcher(@Nullable String packageName, @Nullable String update) implements Violations.Validatable {

        static final List<String> UPDATES = List.of("START", "UPDATE", "STOP");
        /** Android's own bound on a package name. */
        static final int MAX_PACKAGE_NAME = 255;

        @Override
        public void validate(Violations v) {
            v.required("package_name", packageName);
            v.length("package_name", packageName, 1, MAX_PACKAGE_NAME);
            v.oneOf("update", update, UPDATES);
        }

        String updateOrDefault() {
            return update == null ? "UPDATE" : update;
        }
    }

    /** {@code POST /users/@me/headless-sessions}: its one activity (read by the handler), and its token when it exists. */
    record Headless(@Nullable JsonNode activities, @Nullable String token) implements Violations.Validatable {

        @Override
        public void validate(Violations v) {
            v.required("activities", activities);
            v.length("token", token, 1, 128);
        }
    }

    /** {@code POST /users/@me/headless-sessions/delete}. */
    record HeadlessDelete(@Nullable String token) implements Violations.Validatable {

        @Override
        public void validate(Violations v) {
            v.required("token", token);
            v.length("token", token, 1, 128);
        }
    }
}
