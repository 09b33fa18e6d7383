package dev.concord.guild.emojis;

import static dev.concord.platform.events.EventTypes.GUILD_EMOJIS_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Map;

/** GUILD_EMOJIS_UPDATE on {@code guild.events}, keyed by guild id, to every member of the guild. */
final class EmojiEvents {

    private EmojiEvents() {}

    /** The guild's emoji as they now are, all of them, as the platform sends them. */
    static DomainEvent emojisUpdate(Snowflake guildId, List<EmojiRow> emojis) {
        return new DomainEvent(
                GUILD_EMOJIS_UPDATE,
                guildId.asString(),
                Audience.guild(guildId),
                Map.of(
                        "guild_id",
                        guildId,
                        "emojis",
                        emojis.stream().map(row -> EmojiData.of(row, null)).toList()));
    }
}
