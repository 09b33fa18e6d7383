package dev.concord.gateway.session;

import dev.concord.gateway.GatewaySettings;
import java.util.function.LongSupplier;
import tools.jackson.databind.json.JsonMapper;

/**
 * What every connection shares. A record rather than beans in each connection, so tests build
 * connections with a fake identity service and a controllable clock.
 *
 * @param guilds the user's guilds for READY ({@link UserGuilds#NONE} without guild-service)
 * @param homes adopts the home of a session this instance does not have ({@link HomeAdopter#NONE} in tests
 *     of one instance)
 * @param nanoTime monotonic time for heartbeats and rate limits ({@code System::nanoTime} in production)
 */
record ConnectionServices(
        GatewaySettings settings,
        JsonMapper mapper,
        TokenAuthenticator authenticator,
        IdentityClient identity,
        UserGuilds guilds,
        SessionRegistry sessions,
        HomeAdopter homes,
        LongSupplier nanoTime) {}
