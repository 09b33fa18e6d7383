package dev.concord.platform.guilds;

import dev.concord.platform.permissions.GuildMember;
import dev.concord.platform.permissions.GuildRole;
import dev.concord.platform.permissions.Overwrite;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The permission engine's inputs read from the platform's JSON objects, as guild-service's internal API
 * and its events carry them: roles, permission overwrites and members. Strict: a field missing or of the
 * wrong kind is an {@link IllegalArgumentException}, so a caller keeping its own copy of a guild never
 * mistakes a partial object for a whole one.
 */
public final class PermissionInputs {

    private PermissionInputs() {}

    /** A role object ({@code id}, {@code position}, {@code permissions}). */
    public static GuildRole role(JsonNode role) {
        return new GuildRole(id(role, "id"), integer(role, "position"), bits(role, "permissions"));
    }

    /** A channel object's {@code permission_overwrites}, or such an array itself. */
    public static List<Overwrite> overwrites(JsonNode channelOrArray) {
        JsonNode array = channelOrArray.isArray() ? channelOrArray : channelOrArray.path("permission_overwrites");
        if (!array.isArray()) {
            throw new IllegalArgumentException("no permission_overwrites");
        }
        List<Overwrite> overwrites = new ArrayList<>(array.size());
        for (JsonNode overwrite : array) {
            Overwrite.Type type = Overwrite.Type.ofWireValue(integer(overwrite, "type"));
            if (type == null) {
                throw new IllegalArgumentException("not an overwrite type: " + overwrite.get("type"));
            }
            overwrites.add(new Overwrite(id(overwrite, "id"), type, bits(overwrite, "allow"), bits(overwrite, "deny")));
        }
        return List.copyOf(overwrites);
    }

    /**
     * A member object's roles and timeout: an event's member ({@code user.id}) or an internal answer's
     * ({@code user_id}).
     */
    public static GuildMember member(JsonNode member) {
        long userId = member.has("user_id") ? id(member, "user_id") : id(member.path("user"), "id");
        JsonNode roles = member.path("roles");
        if (!roles.isArray()) {
            throw new IllegalArgumentException("no roles");
        }
        long[] roleIds = new long[roles.size()];
        for (int i = 0; i < roleIds.length; i++) {
            roleIds[i] = parseId(roles.get(i));
        }
        if (!member.has("communication_disabled_until")) {
            throw new IllegalArgumentException("no communication_disabled_until");
        }
        JsonNode until = member.get("communication_disabled_until");
        // A member's object carries its flags; a quarantined member reads as timed out until released.
        return new GuildMember(
                userId,
                roleIds,
                GuildMember.timeoutOf(
                        until.isNull() ? null : instant(until),
                        member.path("flags").asInt(0)));
    }

    /** A snowflake field, a string as the platform sends ids (a number is taken too). */
    public static long id(JsonNode object, String field) {
        return parseId(object.path(field));
    }

    private static long parseId(JsonNode id) {
        if (id.isString()) {
            try {
                return Long.parseLong(id.asString());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not an id: " + id, e);
            }
        }
        if (id.isIntegralNumber()) {
            return id.asLong();
        }
        throw new IllegalArgumentException("not an id: " + id);
    }

    private static long bits(JsonNode object, String field) {
        JsonNode bits = object.path(field);
        if (!bits.isString()) {
            throw new IllegalArgumentException("no " + field);
        }
        try {
            return Long.parseUnsignedLong(bits.asString());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a permission set: " + field, e);
        }
    }

    private static int integer(JsonNode object, String field) {
        JsonNode number = object.path(field);
        if (!number.isIntegralNumber()) {
            throw new IllegalArgumentException("no " + field);
        }
        return number.asInt();
    }

    private static Instant instant(JsonNode time) {
        if (!time.isString()) {
            throw new IllegalArgumentException("not a time: " + time);
        }
        try {
            return OffsetDateTime.parse(time.asString()).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not a time: " + time, e);
        }
    }
}
