package dev.concord.remoteauth.application;

import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The default in-app authorization link: the OAuth2 scopes to ask for and, with {@code bot}, the
 * permissions the bot's role gets (a number as a string, as the platform carries permissions).
 */
record InstallParams(
        @Nullable List<String> scopes, @Nullable String permissions) {

    /** The scopes an install link may ask for: those that install something in a guild or for a user. */
    static final Set<String> SCOPES = Set.of("applications.commands", "bot");

    void validate(Violations violations) {
        violations.required("scopes", scopes).required("permissions", permissions);
        if (scopes != null) {
            List<String> known = SCOPES.stream().sorted().toList();
            for (int i = 0; i < scopes.size(); i++) {
                violations.at("scopes").oneOf(Integer.toString(i), scopes.get(i), known);
            }
            if (permissions != null && !"0".equals(permissions) && !scopes.contains("bot")) {
                violations.add(
                        "permissions",
                        "APPLICATION_INSTALL_PARAMS_PERMISSIONS_WITHOUT_BOT",
                        "Permissions can only be set with the bot scope.");
            }
        }
        if (permissions != null && !permissions.matches("[0-9]{1,20}")) {
            violations.add("permissions", "NUMBER_TYPE_COERCE", "Value is not int.");
        }
    }
}
