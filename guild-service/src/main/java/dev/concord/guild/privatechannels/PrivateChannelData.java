package dev.concord.guild.privatechannels;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A DM or group DM as one of its recipients reads it: the other recipients as partial users; a group DM
 * also has its name, icon and owner. {@code last_message_id} is null: messages are webhook-service's.
 */
record PrivateChannelData(
        Snowflake id,
        int type,
        @Nullable Snowflake lastMessageId,
        int flags,
        List<PartialUser> recipients,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable Snowflake ownerId,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String name,
        @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String icon) {

    static PrivateChannelData of(PrivateChannelRow row, Snowflake reader, Map<Snowflake, PartialUser> users) {
        boolean group = row.type() == PrivateChannelRow.GROUP_DM;
        return new PrivateChannelData(
                row.id(),
                row.type(),
                null,
                0,
                row.recipientIds().stream()
                        .filter(id -> !id.equals(reader))
                        .map(users::get)
                        .filter(Objects::nonNull)
                        .toList(),
                group ? row.ownerId() : null,
                group ? row.name() : null,
                group ? row.icon() : null);
    }
}
