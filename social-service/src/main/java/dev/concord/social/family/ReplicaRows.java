package dev.concord.social.family;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.users.PartialUser;
import dev.concord.platform.users.UserDirectory;
import io.r2dbc.spi.Readable;
import org.jspecify.annotations.Nullable;

/** The partial user of a row that joined {@code user_replica} with its id under an alias of the caller's choosing. */
final class ReplicaRows {

    private ReplicaRows() {}

    /** The user; null when the join found none (the replica has not heard of them yet). */
    static @Nullable PartialUser user(Readable row, String idColumn) {
        Long id = row.get(idColumn, Long.class);
        if (id == null) {
            return null;
        }
        return UserDirectory.fromJoinedRow(row, Snowflake.of(id));
    }
}
