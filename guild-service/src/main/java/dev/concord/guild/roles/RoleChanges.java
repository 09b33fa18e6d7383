package dev.concord.guild.roles;

import dev.concord.guild.ColumnChanges;
import dev.concord.guild.ColumnChanges.Change;
import dev.concord.guild.ImageData;
import dev.concord.guild.access.RoleData;
import dev.concord.platform.json.Possible;
import java.util.ArrayList;
import java.util.List;

/** The columns a validated role PATCH changes. */
final class RoleChanges {

    private RoleChanges() {}

    static List<Change> of(RoleRequest request, RoleData role) {
        List<Change> changes = new ArrayList<>();
        ColumnChanges.addIfChanged(changes, "name", request.name().map(String::strip), role.name(), String.class);
        Possible<Long> permissions = request.permissions().map(ignored -> request.permissionBits());
        ColumnChanges.addIfChanged(changes, "permissions", permissions, Long.parseLong(role.permissions()), Long.class);
        ColumnChanges.addIfChanged(changes, "color", request.requestedColor(), role.color(), Integer.class);
        ColumnChanges.addIfChanged(changes, "hoist", request.hoist(), role.hoist(), Boolean.class);
        ColumnChanges.addIfChanged(
                changes, "icon", request.icon().map(image -> image.map(ImageData::hash)), role.icon(), String.class);
        ColumnChanges.addIfChanged(changes, "unicode_emoji", request.unicodeEmoji(), role.unicodeEmoji(), String.class);
        ColumnChanges.addIfChanged(changes, "mentionable", request.mentionable(), role.mentionable(), Boolean.class);
        return changes;
    }
}
