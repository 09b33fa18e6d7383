package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The body of {@code PATCH /users/@me/guilds/settings}: partial settings by guild id. Only guilds: as on
 * the platform, private channel settings ({@code @me}) are changed through the single-guild route.
 */
record GuildSettingsBulkModifyRequest(Possible<Map<String, UserGuildSettingsModifyRequest>> guilds)
        implements Violations.Validatable {

    @Override
    public void validate(Violations v) {
        if (!guilds.isPresent()) {
            v.required("guilds", null);
            return;
        }
        v.maxItems("guilds", guilds.get().keySet(), MessageNotifications.MAX_GUILDS);
        Violations each = v.at("guilds");
        Set<Snowflake> seen = new HashSet<>();
        guilds.get().forEach((key, settings) -> {
            Snowflake guild = Ids.parse(key);
            if (guild == null) {
                Ids.notSnowflake(each, key, key);
            } else if (!seen.add(guild)) {
                each.add(key, "SET_TYPE_ALREADY_CONTAINS_VALUE", "Another key already names this guild.");
            } else if (settings == null) {
                each.required(key, null);
            } else {
                settings.validate(each.at(key));
            }
        });
    }

    /** The changes of this validated body, in the order it lists the guilds. */
    List<GuildSettingsChange> changes() {
        List<GuildSettingsChange> changes = new ArrayList<>();
        guilds.get()
                .forEach((key, settings) -> changes.add(
                        new GuildSettingsChange(GuildKey.of(Snowflake.parse(key)), settings, List.of("guilds", key))));
        return changes;
    }
}
