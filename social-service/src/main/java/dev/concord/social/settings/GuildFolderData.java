package dev.concord.social.settings;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A folder in the guild sidebar. A folder with a null id and one guild is not a folder but that guild's
 * place in the sidebar. A null name shows as the folder's guild names joined with ", ": clients build
 * it, since only they hold the guild names, so the server keeps the null.
 *
 * @param color 0xRRGGBB; null for the default colour
 * @param guildIds the guilds in it, in sidebar order; at least one
 * @param id chosen by the client, unique among the user's folders
 * @param name up to {@value #MAX_NAME} characters
 */
record GuildFolderData(
        @Nullable Integer color,
        List<Snowflake> guildIds,
        @Nullable Long id,
        @Nullable String name) {

    static final int MAX_NAME = 32;
    static final int MAX_COLOR = 0xFFFFFF;

    public GuildFolderData {
        guildIds = UserSettingsData.readOnly(guildIds);
    }

    /**
     * Checks the whole list at once: guild ids are unique across folders, and all folders together hold
     * at most {@link GuildIdSets#MAX_GUILDS} guilds.
     */
    static void validateAll(Violations v, @Nullable List<GuildFolderData> folders) {
        if (folders == null) {
            return;
        }
        v.maxItems("guild_folders", folders, GuildIdSets.MAX_GUILDS);
        Violations list = v.at("guild_folders");
        Set<Snowflake> guilds = new HashSet<>();
        Set<Long> folderIds = new HashSet<>();
        int total = 0;
        for (int i = 0; i < folders.size(); i++) {
            GuildFolderData folder = folders.get(i);
            if (folder == null) {
                list.required(Integer.toString(i), null);
                continue;
            }
            folder.validate(list.at(i), guilds);
            if (folder.id != null && !folderIds.add(folder.id)) {
                list.at(i).add("id", "SET_TYPE_ALREADY_CONTAINS_VALUE", "Another folder already has this id.");
            }
            total += folder.guildIds == null ? 0 : folder.guildIds.size();
        }
        // More folders than that already said it; each folder holds at least one guild.
        if (total > GuildIdSets.MAX_GUILDS && folders.size() <= GuildIdSets.MAX_GUILDS) {
            v.add(
                    "guild_folders",
                    "BASE_TYPE_MAX_LENGTH",
                    "Folders must hold " + GuildIdSets.MAX_GUILDS + " or fewer guilds in total.");
        }
    }

    private void validate(Violations v, Set<Snowflake> seenGuilds) {
        v.range("color", color, 0, MAX_COLOR);
        v.length("name", name, 0, MAX_NAME);
        if (guildIds == null) {
            v.required("guild_ids", null);
        } else if (guildIds.isEmpty()) {
            v.add(
                    "guild_ids",
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and " + GuildIdSets.MAX_GUILDS + " in length.");
        } else {
            GuildIdSets.checkItems(v.at("guild_ids"), guildIds, seenGuilds);
        }
    }
}
