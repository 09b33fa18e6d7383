package dev.concord.remoteauth.application;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;

/**
 * {@code POST /applications}: a name, and optionally what a later PATCH could set (the developer portal
 * sends the name alone). {@code team_id} is refused: teams are not supported.
 */
record CreateApplicationRequest(
        Possible<String> name,
        Possible<String> description,
        Possible<Optional<String>> teamId,
        Possible<List<String>> redirectUris,
        Possible<Boolean> botPublic,
        Possible<Boolean> botRequireCodeGrant)
        implements Violations.Validatable {

    @Override
    public void validate(Violations violations) {
        violations.required("name", name.orNull());
        ApplicationRules.name(violations, name.orNull());
        violations.notNullIfSent("description", description);
        violations.length("description", description.orNull(), 0, ApplicationRules.DESCRIPTION_MAX);
        if (Possible.valueOrNull(teamId) != null) {
            violations.add("team_id", "TEAM_NOT_FOUND", "Unknown team.");
        }
        violations.notNullIfSent("redirect_uris", redirectUris);
        ApplicationRules.redirectUris(violations, redirectUris.orNull());
        violations.notNullIfSent("bot_public", botPublic);
        violations.notNullIfSent("bot_require_code_grant", botRequireCodeGrant);
    }
}
