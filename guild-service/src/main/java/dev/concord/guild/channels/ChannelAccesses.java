package dev.concord.guild.channels;

import dev.concord.guild.access.GuildAccess;
import dev.concord.guild.access.GuildAccesses;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.time.Clock;
import java.util.Optional;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Loads a channel as a member acts in it, for every endpoint that checks permissions in a channel. */
@Component
public final class ChannelAccesses {

    private final ChannelStore store;
    private final GuildAccesses accesses;
    private final Clock clock;

    ChannelAccesses(ChannelStore store, GuildAccesses accesses, Clock clock) {
        this.store = store;
        this.accesses = accesses;
        this.clock = clock;
    }

    /**
     * The channel (404 10003) and the member's permissions in it, through its overwrites; the guild as in
     * {@link GuildAccesses#load}, {@code lock} included.
     */
    public Mono<ChannelAccess> load(Snowflake channelId, Snowflake userId, boolean lock) {
        return store.find(channelId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.CHANNEL)))
                .flatMap(channel ->
                        accesses.load(channel.guildId(), userId, lock).map(access -> in(access, channel)));
    }

    /** A channel of the guild already loaded, as the member acts in it; 404 10003 for another guild's or none. */
    public Mono<ChannelAccess> inGuild(GuildAccess access, Snowflake channelId) {
        return read(channelId).map(channel -> inGuild(access, channel));
    }

    /**
     * The channel's row, empty when there is none, read beside the guild's access rather than after it (a
     * path where every round trip counts: a stage's speaker change); {@link #inGuild(GuildAccess, Optional)}
     * then checks it as {@link #inGuild(GuildAccess, Snowflake)} does.
     */
    public Mono<Optional<ChannelData>> read(Snowflake channelId) {
        return store.find(channelId).map(Optional::of).defaultIfEmpty(Optional.empty());
    }

    /** The channel read by {@link #read}, as the member acts in it; 404 10003 for another guild's or none. */
    public ChannelAccess inGuild(GuildAccess access, Optional<ChannelData> channel) {
        return channel.filter(found -> found.guildId().equals(access.guild().id()))
                .map(found -> in(access, found))
                .orElseThrow(() -> ApiErrors.unknown(Unknown.CHANNEL));
    }

    /** The member's permissions in a channel of the guild, through its overwrites; no read. */
    public ChannelAccess in(GuildAccess access, ChannelData channel) {
        return new ChannelAccess(
                channel,
                access,
                access.permissions().inChannel(access.member(), channel.overwritesForPermissions(), clock.instant()));
    }

    /** As {@link #load}, for members who can view the channel; others get 403 50001. */
    Mono<ChannelAccess> loadVisible(Snowflake channelId, Snowflake userId, boolean lock) {
        return load(channelId, userId, lock).map(ChannelAccess::requireVisible);
    }
}
