package dev.concord.guild.privatechannels;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A private channel and all its recipients, its owner among them for a group DM. */
public record PrivateChannelRow(
        Snowflake id,
        int type,
        @Nullable Snowflake ownerId,
        @Nullable String name,
        @Nullable String icon,
        List<Snowflake> recipientIds) {

    static final int DM = 1;
    static final int GROUP_DM = 3;

    public PrivateChannelRow {
        recipientIds = List.copyOf(recipientIds);
    }
}
