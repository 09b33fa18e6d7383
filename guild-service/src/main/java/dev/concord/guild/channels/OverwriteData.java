package dev.concord.guild.channels;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Overwrite;

/** A permission overwrite as clients read it: type 0 role, 1 member; allow and deny as decimal strings. */
public record OverwriteData(Snowflake id, int type, String allow, String deny) {

    public static OverwriteData of(long id, int type, long allow, long deny) {
        return new OverwriteData(Snowflake.of(id), type, Long.toString(allow), Long.toString(deny));
    }

    Overwrite forPermissions() {
        return new Overwrite(id.value(), Overwrite.Type.of(type), Long.parseLong(allow), Long.parseLong(deny));
    }
}
