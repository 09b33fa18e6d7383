package dev.concord.guild.discovery;

import dev.concord.guild.access.AccessStore;
import dev.concord.guild.access.GuildRow;
import dev.concord.guild.directories.DirectoryListings;
import dev.concord.guild.emojis.EmojiOwners;
import dev.concord.guild.emojis.GuildEmojis;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Unknown;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Where an emoji comes from: {@code GET /emojis/{id}/guild} (the guild, as discovery shows it, with up to
 * 30 of its emoji) and {@code GET /emojis/{id}/source} (GUILD with that guild, or null when it may not be
 * shown; or APPLICATION with the application's id and name). A guild is shown when it is discoverable (the
 * DISCOVERABLE feature, or listed in a directory the user can see) and keeps emoji discoverability on.
 */
@Service
final class EmojiGuilds {

    static final int MAX_EMOJIS = 30;

    private final EmojiOwners owners;
    private final AccessStore guilds;
    private final GuildEmojis emojis;
    private final DiscoveryStore settings;
    private final DirectoryListings directories;

    EmojiGuilds(
            EmojiOwners owners,
            AccessStore guilds,
            GuildEmojis emojis,
            DiscoveryStore settings,
            DirectoryListings directories) {
        this.owners = owners;
        this.guilds = guilds;
        this.emojis = emojis;
        this.settings = settings;
        this.directories = directories;
    }

    /** 404 10014 for no emoji; 10004 for an application's emoji or a guild that may not be shown. */
    Mono<Map<String, Object>> guildOf(Snowflake emojiId, Snowflake userId) {
        return owners.of(emojiId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.EMOJI)))
                .flatMap(owner -> owner.guildId() == null ? Mono.empty() : shown(owner.guildId(), userId))
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.GUILD)));
    }

    Mono<Map<String, Object>> sourceOf(Snowflake emojiId, Snowflake userId) {
        return owners.of(emojiId)
                .switchIfEmpty(Mono.error(() -> ApiErrors.unknown(Unknown.EMOJI)))
                .flatMap(owner -> {
                    Map<String, Object> source = new LinkedHashMap<>();
                    Snowflake guildId = owner.guildId();
                    if (guildId == null) {
                        source.put("type", "APPLICATION");
                        source.put("application", Map.of("id", owner.applicationId(), "name", owner.applicationName()));
                        return Mono.just(source);
                    }
                    source.put("type", "GUILD");
                    return shown(guildId, userId)
                            .map(guild -> {
                                source.put("guild", guild);
                                return source;
                            })
                            .defaultIfEmpty(withNoGuild(source));
                });
    }

    /** The guild as an emoji's guild, when it may be shown to the user; empty otherwise. */
    private Mono<Map<String, Object>> shown(Snowflake guildId, Snowflake userId) {
        return Mono.zip(guilds.find(guildId), settings.metadata(guildId))
                .filter(found -> found.getT2().emojiDiscoverabilityEnabled())
                .filterWhen(found -> found.getT1().features().contains("DISCOVERABLE")
                        ? Mono.just(true)
                        : directories.visibleTo(guildId, userId))
                .flatMap(found -> emojis.of(guildId).map(list -> emojiGuild(found.getT1(), list)));
    }

    private static Map<String, Object> emojiGuild(GuildRow guild, List<JsonNode> list) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", guild.id());
        body.put("name", guild.name());
        body.put("icon", guild.icon());
        body.put("description", guild.description());
        body.put("features", guild.features());
        body.put("emojis", list.subList(0, Math.min(MAX_EMOJIS, list.size())));
        body.put("emoji_count", list.size());
        body.put("premium_tier", guild.premiumTier());
        body.put("premium_subscription_count", guild.premiumSubscriptionCount());
        body.put("approximate_member_count", guild.memberCount());
        body.put("approximate_presence_count", 0);
        return body;
    }

    private static Map<String, Object> withNoGuild(Map<String, Object> source) {
        source.put("guild", null);
        return source;
    }
}
