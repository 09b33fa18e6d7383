package dev.concord.gateway.session;

import dev.concord.gateway.GatewaySettings;
import dev.concord.gateway.limits.IdentifyLimits;
import dev.concord.gateway.members.MemberRequests;
import dev.concord.gateway.voice.VoiceStates;
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
 * @param limits identify limits per user, per address and bots' session starts
 * @param memberRequests answers op 8 Request Guild Members
 * @param presences presence-service, told of sessions opening and op 3 ({@link SessionPresences#NONE} in tests
 *     of the gateway alone)
 * @param voice carries out op 4 ({@link VoiceStates#IGNORED} without guild-service)
 */
record ConnectionServices(
        GatewaySettings settings,
        JsonMapper mapper,
        TokenAuthenticator authenticator,
        IdentityClient identity,
        UserGuilds guilds,
        SessionRegistry sessions,
        HomeAdopter homes,
        LongSupplier nanoTime,
        IdentifyLimits limits,
        MemberRequests memberRequests,
        SessionPresences presences,
        VoiceStates voice) {}
