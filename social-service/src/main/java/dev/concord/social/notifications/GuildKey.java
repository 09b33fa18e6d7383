package dev.concord.social.notifications;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/**
 * Whose settings a row holds: a guild, or the user's private channels, which the platform addresses as
 * guild {@code @me} and returns with {@code guild_id: null}. Stored as guild id {@value #PRIVATE_ID}, an id
 * no guild can have.
 */
record GuildKey(long id) implements Comparable<GuildKey> {

    static final long PRIVATE_ID = 0;
    static final GuildKey PRIVATE_CHANNELS = new GuildKey(PRIVATE_ID);
    static final String PRIVATE_PATH = "@me";

    static GuildKey of(Snowflake guildId) {
        return new GuildKey(guildId.value());
    }

    static GuildKey of(long storedId) {
        return new GuildKey(storedId);
    }

    /** The id as the wire shows it: null for private channels. */
    @Nullable
    Snowflake guildId() {
        return id == PRIVATE_ID ? null : Snowflake.of(id);
    }

    @Override
    public int compareTo(GuildKey other) {
        return Long.compare(id, other.id);
    }
}
