package dev.concord.guild.channels;

import dev.concord.guild.PermissionField;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Overwrite;
import dev.concord.platform.web.Violations;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A permission overwrite as clients send it: {@code allow} and {@code deny} as decimal strings (numbers
 * are accepted too, as some client libraries send them), {@code type} 0 for a role, 1 for a member.
 */
public record OverwriteRequest(Snowflake id, Integer type, Possible<JsonNode> allow, Possible<JsonNode> deny) {

    static final List<Integer> TYPES = List.of(0, 1);
    static final int MAX_OVERWRITES = 100;

    void validate(Violations v) {
        v.required("id", id);
        v.required("type", type);
        v.oneOf("type", type, TYPES);
        PermissionField.validate(v, "allow", allow);
        PermissionField.validate(v, "deny", deny);
    }

    /** Checks a list of overwrites under {@code field}; null passes. */
    public static void validateAll(Violations v, String field, @Nullable List<OverwriteRequest> overwrites) {
        v.maxItems(field, overwrites, MAX_OVERWRITES);
        if (overwrites == null) {
            return;
        }
        for (int i = 0; i < overwrites.size(); i++) {
            if (overwrites.get(i) == null) {
                v.at(field).required(Integer.toString(i), null);
            } else {
                overwrites.get(i).validate(v.at(field).at(i));
            }
        }
    }

    long allowBits() {
        return PermissionField.bits(allow);
    }

    long denyBits() {
        return PermissionField.bits(deny);
    }

    /** A validated overwrite the way the permission engine takes it. */
    public Overwrite forPermissions() {
        return new Overwrite(id.value(), Overwrite.Type.of(type), allowBits(), denyBits());
    }
}
