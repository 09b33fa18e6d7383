package dev.concord.guild.privatechannels;

import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A private channel and all its recipients, its owner among them for a group DM. */
public record PrivateChannelRow(
        Snowflake id,
        int type,
        @Nullable Snowflake ownerId,
        @Nullable String name,
        @Nullable String icon,
        List<Snowflake> recipientIds) {

    static final int GROUP_DM = 3;

    public PrivateChannelRow {
        recipientIds = List.copyOf(recipientIds);
    }

    /** Whether it is a group DM (type 3) and {@code userId} one of its recipients. */
    public boolean isGroupWith(Snowflake userId) {
        return type == GROUP_DM && recipientIds.contains(userId);
    }

    /** What other services read of it ({@code GET /internal/channels/{id}}): every recipient, no guild. */
    public Map<String, Object> forServices() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", id);
        body.put("type", type);
        body.put("owner_id", ownerId);
        body.put("recipient_ids", recipientIds);
        return body;
    }
}
