package dev.concord.gateway.dispatch;

import dev.concord.platform.guilds.GuildEventsFeed;
import org.springframework.stereotype.Component;

/**
 * Says the gateway feeds the guild authorization caches itself: its guild audience hands them each
 * change from its own feed ({@link GuildAudienceResolver#observe}), before the event's audience is
 * resolved, so platform-guilds starts no second consumer of guild.events here.
 */
@Component
final class GuildCacheFeed implements GuildEventsFeed {}
