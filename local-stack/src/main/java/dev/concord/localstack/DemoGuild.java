package dev.concord.localstack;

import static dev.concord.platform.permissions.Permission.*;

import dev.concord.platform.permissions.Permission;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The guild a developer starts with: owned by the demo user, with a channel of every type, a few roles,
 * and the second demo user as a plain member who joined through an invite. Made through the public API
 * like the demo users, and only once: a later run finds it among the owner's guilds.
 *
 * @param id the guild's id
 * @param name its name
 */
public record DemoGuild(String id, String name) {

    static final String NAME = "Concord Demo";

    /** "Moderator" in the platform's sense: manages channels, mutes and moves members. */
    static final long MODERATOR = Permission.bits(
            MANAGE_CHANNELS,
            MUTE_MEMBERS,
            MOVE_MEMBERS,
            KICK_MEMBERS,
            MODERATE_MEMBERS,
            MANAGE_MESSAGES,
            MANAGE_NICKNAMES);

    /** Channels beyond the starter layout's text and voice ones, so every type is there to try. */
    private static final List<Map<String, Object>> EXTRA_CHANNELS = List.of(
            Map.of("name", "announcements", "type", 5, "topic", "News from the team"),
            Map.of("name", "Town Hall", "type", 13),
            Map.of("name", "directory", "type", 14),
            Map.of("name", "ideas", "type", 15, "topic", "One post per idea"));

    static DemoGuild seed(DemoApi api, DemoUser owner, DemoUser member) {
        for (JsonNode guild : api.expect("list guilds", "GET", "/users/@me/guilds", owner.token(), null)
                .json()) {
            if (guild.path("owner").asBoolean()
                    && NAME.equals(guild.path("name").asString())) {
                return new DemoGuild(guild.path("id").asString(), NAME);
            }
        }
        String guildId = api.expect("create guild", "POST", "/guilds", owner.token(), Map.of("name", NAME))
                .json()
                .path("id")
                .asString();
        String channels = "/guilds/" + guildId + "/channels";
        for (Map<String, Object> channel : EXTRA_CHANNELS) {
            api.expect("create channel " + channel.get("name"), "POST", channels, owner.token(), channel);
        }
        api.expect(
                "create role",
                "POST",
                "/guilds/" + guildId + "/roles",
                owner.token(),
                role("Moderators", 0x3498DB, MODERATOR));
        String regulars = api.expect(
                        "create role",
                        "POST",
                        "/guilds/" + guildId + "/roles",
                        owner.token(),
                        role("Regulars", 0x2ECC71, Permission.bits(CHANGE_NICKNAME, ADD_REACTIONS)))
                .json()
                .path("id")
                .asString();
        Map<String, Object> staffOnly = new LinkedHashMap<>(Map.of("name", "staff-only", "type", 0));
        staffOnly.put(
                "permission_overwrites",
                List.of(Map.of("id", guildId, "type", 0, "allow", "0", "deny", Long.toString(VIEW_CHANNEL.bit()))));
        api.expect("create channel staff-only", "POST", channels, owner.token(), staffOnly);

        String general = systemChannel(api, owner, guildId);
        String code = api.expect("create invite", "POST", "/channels/" + general + "/invites", owner.token(), Map.of())
                .json()
                .path("code")
                .asString();
        api.expect("join", "POST", "/invites/" + code, member.token(), Map.of());
        api.expect(
                "give role",
                "PUT",
                "/guilds/" + guildId + "/members/" + userId(api, member) + "/roles/" + regulars,
                owner.token(),
                null);
        return new DemoGuild(guildId, NAME);
    }

    private static Map<String, Object> role(String name, int color, long permissions) {
        return Map.of(
                "name",
                name,
                "color",
                color,
                "hoist",
                true,
                "mentionable",
                true,
                "permissions",
                Long.toString(permissions));
    }

    private static String systemChannel(DemoApi api, DemoUser owner, String guildId) {
        return api.expect("read guild", "GET", "/guilds/" + guildId, owner.token(), null)
                .json()
                .path("system_channel_id")
                .asString();
    }

    static String userId(DemoApi api, DemoUser user) {
        return api.expect("read user", "GET", "/users/@me", user.token(), null)
                .json()
                .path("id")
                .asString();
    }
}
