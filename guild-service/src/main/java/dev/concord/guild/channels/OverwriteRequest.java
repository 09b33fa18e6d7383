package dev.concord.guild.channels;

import dev.concord.guild.GuildErrors;
import dev.concord.guild.PermissionField;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.permissions.Overwrite;
import dev.concord.platform.web.Violations;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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

    /**
     * Checks a list of overwrites under {@code field}; null passes. A channel has one overwrite per role or
     * member, so an id named twice is refused on its second entry (it would be written twice).
     */
    public static void validateAll(Violations v, String field, @Nullable List<OverwriteRequest> overwrites) {
        v.maxItems(field, overwrites, MAX_OVERWRITES);
        if (overwrites == null) {
            return;
        }
        Set<Snowflake> named = new HashSet<>();
        for (int i = 0; i < overwrites.size(); i++) {
            OverwriteRequest overwrite = overwrites.get(i);
            if (overwrite == null) {
                v.at(field).required(Integer.toString(i), null);
                continue;
            }
            overwrite.validate(v.at(field).at(i));
            if (overwrite.id() != null && !named.add(overwrite.id())) {
                GuildErrors.duplicateOverwrite(v.at(field).at(i), "id");
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
