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

    @Override
    public void validate(Violations v) {
        UserIdList.validate(v, userIds);
        if (channelId != null && overwrites != null) {
            GuildErrors.channelOrOverwrites(v);
        }
        OverwriteRequest.validateAll(v, "overwrites", overwrites);
    }
}
