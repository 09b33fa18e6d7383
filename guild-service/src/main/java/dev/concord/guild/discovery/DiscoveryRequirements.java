package dev.concord.guild.discovery;

import dev.concord.guild.access.GuildAccesses;
import dev.concord.guild.access.GuildRow;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * {@code GET /guilds/{id}/discovery-requirements} (MANAGE_GUILD), computed from the guild itself: enough
 * members ({@code concord.discovery.minimum-size}, 1,000), old enough ({@code minimum-age}, 56 days), 2FA
 * required for moderation ({@code protected}), a rules channel that exists, not age-restricted
 * ({@code safe_environment}), and no banned word in its name, description or channel names
 * ({@code nsfw_properties}). Activity health is not measured here: {@code health_score_pending}. Verified
 * and partnered guilds are exempt and learn only that they are sufficient. No grace period is tracked.
 */
@Service
public final class DiscoveryRequirements {

    private static final int MFA_ELEVATED = 1;
    private static final int NSFW_LEVEL_AGE_RESTRICTED = 3;
    private static final List<String> EXEMPT_FEATURES = List.of("VERIFIED", "PARTNERED");

    private final GuildAccesses accesses;
    private final DiscoveryTerms terms;
    private final DatabaseClient db;
    private final Clock clock;
    private final int minimumSize;
    private final int minimumAgeDays;

    DiscoveryRequirements(
            GuildAccesses accesses,
            DiscoveryTerms terms,
            DatabaseClient db,
            Clock clock,
            @Value("${concord.discovery.minimum-size:1000}") int minimumSize,
            @Value("${concord.discovery.minimum-age-days:56}") int minimumAgeDays) {
        this.accesses = accesses;
        this.terms = terms;
        this.db = db;
        this.clock = clock;
        this.minimumSize = minimumSize;
        this.minimumAgeDays = minimumAgeDays;
    }

    Mono<Map<String, Object>> of(Snowflake guildId, Snowflake userId) {
        return accesses.load(guildId, userId, false)
                .map(access ->
                        access.require(Permission.MANAGE_GUILD, clock.instant()).guild())
                .flatMap(this::evaluate);
    }

    /** Whether the guild, as it is now, meets them all (an exempt guild always does). */
    public Mono<Boolean> sufficient(GuildRow guild) {
        return evaluate(guild).map(found -> Boolean.TRUE.equals(found.get("sufficient")));
    }

    private Mono<Map<String, Object>> evaluate(GuildRow guild) {
        if (guild.features().stream().anyMatch(EXEMPT_FEATURES::contains)) {
            return Mono.just(Map.of("sufficient", true, "sufficient_without_grace_period", true));
        }
        return Mono.zip(rulesChannelExists(guild), channelNames(guild.id()))
                .map(found -> requirements(guild, found.getT1(), found.getT2()));
    }

    private Map<String, Object> requirements(GuildRow guild, boolean validRules, Map<Snowflake, String> channels) {
        Instant now = clock.instant();
        boolean size = guild.memberCount() >= minimumSize;
        boolean age =
                !guild.id().timestamp().plus(Duration.ofDays(minimumAgeDays)).isAfter(now);
        boolean mfa = guild.mfaLevel() == MFA_ELEVATED;
        boolean safe = guild.nsfwLevel() != NSFW_LEVEL_AGE_RESTRICTED;
        Map<String, Object> nsfw = nsfwProperties(guild, channels);
        boolean sufficient = size && age && mfa && safe && validRules && nsfw.isEmpty();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("guild_id", guild.id());
        body.put("safe_environment", safe);
        body.put("health_score_pending", true);
        body.put("size", size);
        body.put("nsfw_properties", nsfw);
        body.put("protected", mfa);
        body.put("sufficient", sufficient);
        body.put("sufficient_without_grace_period", sufficient);
        body.put("valid_rules_channel", validRules);
        body.put("age", age);
        body.put("minimum_age", minimumAgeDays);
        body.put("minimum_size", minimumSize);
        body.put("grace_period_end_date", null);
        return body;
    }

    /** Where the guild's words break discovery's rules: its name, description and channel names. */
    private Map<String, Object> nsfwProperties(GuildRow guild, Map<Snowflake, String> channels) {
        Map<String, Object> found = new LinkedHashMap<>();
        Map<String, List<String>> channelWords = new LinkedHashMap<>();
        channels.forEach((id, name) -> {
            List<String> words = terms.bannedIn(name);
            if (!words.isEmpty()) {
                channelWords.put(id.asString(), words);
            }
        });
        if (!channelWords.isEmpty()) {
            found.put("channels", channelWords.keySet().stream().toList());
            found.put("channel_banned_keywords", channelWords);
        }
        List<String> nameWords = terms.bannedIn(guild.name());
        if (!nameWords.isEmpty()) {
            found.put("name", guild.name());
            found.put("name_banned_keywords", nameWords);
        }
        String description = guild.description();
        List<String> descriptionWords = description == null ? List.of() : terms.bannedIn(description);
        if (description != null && !descriptionWords.isEmpty()) {
            found.put("description", description);
            found.put("description_banned_keywords", descriptionWords);
        }
        return found;
    }

    private Mono<Boolean> rulesChannelExists(GuildRow guild) {
        Snowflake rules = guild.rulesChannelId();
        if (rules == null) {
            return Mono.just(false);
        }
        return db.sql("SELECT count(*) AS n FROM channels WHERE id = :id AND guild_id = :guild")
                .bind("id", rules.value())
                .bind("guild", guild.id().value())
                .map(row -> row.get("n", Long.class) > 0)
                .one();
    }

    private Mono<Map<Snowflake, String>> channelNames(Snowflake guildId) {
        return db.sql("SELECT id, name FROM channels WHERE guild_id = :guild ORDER BY id")
                .bind("guild", guildId.value())
                .map(row -> Map.entry(Snowflake.of(row.get("id", Long.class)), row.get("name", String.class)))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue, LinkedHashMap::new);
    }
}
