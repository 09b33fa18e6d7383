package dev.concord.guild.internal;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.channels.OverwriteRequest;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /internal/guilds/{guild.id}/permissions}: whose permissions, and where — the
 * guild, one of its channels, or a channel described by its overwrites (one that is gone).
 */
record PermissionsQuery(
        List<Snowflake> userIds,
        @Nullable Snowflake channelId,
        @Nullable List<OverwriteRequest> overwrites) implements Violations.Validatable {

    static final int MAX_USERS = 1000;

    @Override
    public void validate(Violations v) {
        v.required("user_ids", userIds);
        if (userIds != null) {
            if (userIds.isEmpty() || userIds.size() > MAX_USERS) {
                v.add("user_ids", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and " + MAX_USERS + " in length.");
            }
            for (int i = 0; i < userIds.size() && i < MAX_USERS; i++) {
                v.at("user_ids").required(Integer.toString(i), userIds.get(i));
            }
        }
        if (channelId != null && overwrites != null) {
            GuildErrors.channelOrOverwrites(v);
        }
        OverwriteRequest.validateAll(v, "overwrites", overwrites);
    }
}
