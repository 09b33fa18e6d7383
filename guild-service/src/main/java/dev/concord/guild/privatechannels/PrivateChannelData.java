package dev.concord.guild.privatechannels;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A DM or group DM as one of its recipients reads it: the other recipients as partial users; a group DM
 * also has its owner, and its name and icon, null until set (the platform writes them even then).
 * {@code last_message_id} is null: messages are webhook-service's.
 */
sealed interface PrivateChannelData {

    Snowflake id();

    static PrivateChannelData of(PrivateChannelRow row, Snowflake reader, Map<Snowflake, PartialUser> users) {
        List<PartialUser> others = row.recipientIds().stream()
                .filter(id -> !id.equals(reader))
                .map(users::get)
                .filter(Objects::nonNull)
                .toList();
        Snowflake owner = row.ownerId();
        if (row.type() == PrivateChannelRow.GROUP_DM && owner != null) {
            return new Group(row.id(), row.type(), null, 0, others, owner, row.name(), row.icon());
        }
        return new Direct(row.id(), row.type(), null, 0, others);
    }

    /** The channel as each of {@code readers} reads it, in their order: one event's data per reader. */
    static Map<Snowflake, PrivateChannelData> byReader(
            PrivateChannelRow row, List<Snowflake> readers, Map<Snowflake, PartialUser> users) {
        Map<Snowflake, PrivateChannelData> byReader = new LinkedHashMap<>();
        readers.forEach(reader -> byReader.put(reader, of(row, reader, users)));
        return byReader;
    }

    /** A DM between two users. */
    record Direct(Snowflake id, int type, @Nullable Snowflake lastMessageId, int flags, List<PartialUser> recipients)
            implements PrivateChannelData {}

    /** A group DM. */
    record Group(
            Snowflake id,
            int type,
            @Nullable Snowflake lastMessageId,
            int flags,
            List<PartialUser> recipients,
            Snowflake ownerId,
            @Nullable String name,
            @Nullable String icon)
            implements PrivateChannelData {}
}
