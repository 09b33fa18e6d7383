package dev.concord.gateway.session;

import dev.concord.platform.ids.Snowflake;
import reactor.core.publisher.Flux;
import tools.jackson.databind.JsonNode;

/** guild-service, as a new session needs it: the user's guilds, sent after READY. */
interface UserGuilds {

    /** No guild-service configured: sessions start with no guilds. */
    UserGuilds NONE = userId -> Flux.empty();

    /** Each of the user's guilds as a session's GUILD_CREATE carries it. */
    Flux<JsonNode> guildsOf(Snowflake userId);
}
