package dev.concord.platform.guilds;

import dev.concord.platform.ids.Snowflake;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * A guild's enabled auto moderation rules, for the services that enforce them (webhook-service on every
 * message), from guild-service's internal API: an array of the platform's rule objects. Not cached here:
 * the caller keeps what it compiled from them and drops it on the guild's AUTO_MODERATION_RULE_* events.
 */
public final class AutoModerationRules {

    private final GuildServiceClient guilds;

    AutoModerationRules(GuildServiceClient guilds) {
        this.guilds = guilds;
    }

    public Mono<JsonNode> enabled(Snowflake guildId) {
        return guilds.autoModerationRules(guildId);
    }

    /** A rule's TIMEOUT_USER: guild-service times the member out (never the owner or an administrator). */
    public Mono<Void> timeOut(Snowflake guildId, Snowflake userId, int durationSeconds) {
        return guilds.autoModerationTimeout(guildId, userId, durationSeconds);
    }
}
