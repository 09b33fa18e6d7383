package dev.concord.social.family;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import io.r2dbc.spi.Readable;

/**
 * Reads a partial user from the {@code user_replica} columns of a joined row (id under an alias of the
 * caller's choosing), so a list and its users come back in one query.
 */
final class ReplicaRows {

    private ReplicaRows() {}

    /** The user, or null when the join found none (the replica has not heard of them yet). */
    static PartialUser user(Readable row, String idColumn) {
        Long id = row.get(idColumn, Long.class);
        if (id == null) {
            return null;
        }
        return new PartialUser(Snowflake.of(id), row.get("username", String.class), row.get("discriminator", String.class),
                row.get("global_name", String.class), row.get("avatar", String.class),
                row.get("public_flags", Integer.class), Boolean.TRUE.equals(row.get("bot", Boolean.class)));
    }
}
