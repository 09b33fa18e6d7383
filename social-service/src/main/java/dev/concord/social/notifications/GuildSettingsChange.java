package dev.concord.social.notifications;

import dev.concord.platform.web.Violations;
import java.util.List;

/**
 * One guild's part of a PATCH.
 *
 * @param errorPath where this guild's settings stand in the request body, so that an error found only
 *     against the stored settings (too many overrides once merged) names the right field
 */
record GuildSettingsChange(GuildKey guild, UserGuildSettingsModifyRequest patch, List<String> errorPath) {

    Violations errorsIn(Violations root) {
        Violations scope = root;
        for (String key : errorPath) {
            scope = scope.at(key);
        }
        return scope;
    }
}
