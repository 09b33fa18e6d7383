package dev.concord.presence.fanout;

import static dev.concord.platform.events.EventTypes.PRESENCE_UPDATE;
import static dev.concord.platform.events.EventTypes.SESSIONS_REPLACE;

import dev.concord.platform.events.DirectEvents;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.presence.session.Overall;
import dev.concord.presence.session.PresenceView;
import dev.concord.presence.session.SessionStore;
import dev.concord.presence.session.StoredSession;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tells everyone concerned that a user's sessions changed: the user (SESSIONS_REPLACE, every time) and,
 * when what others see of them changed, those who see their overall presence (PRESENCE_UPDATE without a
 * guild) and each guild they are in (PRESENCE_UPDATE with its {@code guild_id}, which the gateway gives
 * the guild's bots holding GUILD_PRESENCES; recorded for GUILD_CREATE, {@link GuildPresences}). Where the
 * user hides their games ({@code show_current_game} off, or the guild among their
 * {@code activity_restricted_guild_ids}), only a custom status shows.
 *
 * <p>Two changes of one user can be computed at once (two sessions, two replicas); each carries its
 * number among the user's changes, and the overall presence is recorded only if no later change's is
 * ({@link SessionStore#publishOverall}). A change that comes too late publishes nothing: the later one
 * has the newer state.
 */
@Component
public final class PresencePublisher {

    private final SessionStore store;
    private final Audiences audiences;
    private final UserGuilds userGuilds;
    private final GuildPresences guildPresences;
    private final DirectEvents events;
    private final JsonMapper mapper;

    PresencePublisher(
            SessionStore store,
            Audiences audiences,
            UserGuilds userGuilds,
            GuildPresences guildPresences,
            DirectEvents events,
            JsonMapper mapper) {
        this.store = store;
        this.audiences = audiences;
        this.userGuilds = userGuilds;
        this.guildPresences = guildPresences;
        this.events = events;
        this.mapper = mapper;
    }

    public Mono<Void> publish(SessionStore.Snapshot snapshot) {
        Snowflake user = snapshot.userId();
        Overall overall = Overall.of(user, snapshot.sessions());
        return Mono.zip(audiences.of(user), userGuilds.of(user)).flatMap(found -> {
            Audience audience = found.getT1();
            PresenceView shown = overall.shown(audience.showCurrentGame());
            String json = mapper.writeValueAsString(shown);
            return store.publishOverall(user, snapshot.version(), json)
                    .flatMap(previous -> previous.isEmpty()
                            ? Mono.<Void>empty() // a later change's is recorded: it publishes the newer state
                            : announce(user, overall, audience, shown, json, previous.get(), found.getT2()));
        });
    }

    /**
     * Op 3 from the sessions as last seen here ({@code sessions}, of which {@code changed} is the new one):
     * the session and the overall presence are written in one step if no other change came between, and
     * the change published. False when one did: nothing was written, and the sessions as they now stand
     * are what {@link SessionStore#copyOf} has, to compute the change again from.
     */
    public Mono<Boolean> replaceAndPublish(SessionStore.Snapshot sessions, StoredSession changed) {
        Snowflake user = changed.userId();
        Overall overall = Overall.of(user, sessions.sessions());
        return audiences.of(user).flatMap(audience -> {
            PresenceView shown = overall.shown(audience.showCurrentGame());
            String json = mapper.writeValueAsString(shown);
            return store.replaceIfUnchanged(sessions, changed, json, userGuilds.setKey(user))
                    .flatMap(replaced -> {
                        if (!replaced.written()) {
                            return Mono.just(false);
                        }
                        return userGuilds
                                .of(user, replaced.alsoRead())
                                .flatMap(guilds -> announce(
                                        user, overall, audience, shown, json, replaced.previousOverall(), guilds))
                                .thenReturn(true);
                    });
        });
    }

    /**
     * Tells the user of their sessions and, when what others see of them changed from {@code before} (the
     * overall presence recorded until now, {@code ""} for none), those who see them.
     */
    private Mono<Void> announce(
            Snowflake user,
            Overall overall,
            Audience audience,
            PresenceView shown,
            String json,
            String before,
            List<Snowflake> guilds) {
        List<DomainEvent> out = new ArrayList<>();
        out.add(new DomainEvent(
                SESSIONS_REPLACE,
                user.asString(),
                dev.concord.platform.events.Audience.users(user),
                overall.sessionViews()));
        if (json.equals(before) || (before.isEmpty() && shown.isOffline())) {
            return events.publish(out);
        }
        if (!audience.watchers().isEmpty()) {
            out.add(new DomainEvent(
                    PRESENCE_UPDATE,
                    user.asString(),
                    dev.concord.platform.events.Audience.users(audience.watchers()),
                    shown));
        }
        Map<Snowflake, String> inGuilds = new LinkedHashMap<>();
        for (Snowflake guild : guilds) {
            PresenceView view = inGuild(overall, shown, audience, guild);
            out.add(new DomainEvent(
                    PRESENCE_UPDATE, user.asString(), dev.concord.platform.events.Audience.guild(guild), view));
            inGuilds.put(guild, mapper.writeValueAsString(view));
        }
        return guildPresences.put(user, inGuilds, shown.isOffline()).then(events.publish(out));
    }

    /** Publishes a change that happened ({@code snapshot} present); answers whether there was one. */
    public Mono<Boolean> publishIfChanged(Optional<SessionStore.Snapshot> snapshot) {
        return snapshot.isEmpty() ? Mono.just(false) : publish(snapshot.get()).thenReturn(true);
    }

    /**
     * A user who is not offline joined a guild: its bots are shown their presence at once, as the platform
     * follows a GUILD_MEMBER_ADD with a PRESENCE_UPDATE.
     */
    public Mono<Void> joined(Snowflake user, Snowflake guild) {
        return store.sessions(user).flatMap(sessions -> {
            Overall overall = Overall.of(user, sessions);
            return audiences.of(user).flatMap(audience -> {
                PresenceView shown = overall.shown(audience.showCurrentGame());
                if (shown.isOffline()) {
                    return Mono.empty();
                }
                PresenceView view = inGuild(overall, shown, audience, guild);
                return guildPresences
                        .put(user, Map.of(guild, mapper.writeValueAsString(view)), false)
                        .then(events.publish(List.of(new DomainEvent(
                                PRESENCE_UPDATE,
                                user.asString(),
                                dev.concord.platform.events.Audience.guild(guild),
                                view))));
            });
        });
    }

    private static PresenceView inGuild(Overall overall, PresenceView shown, Audience audience, Snowflake guild) {
        if (shown.isOffline()) {
            return shown.inGuild(guild, List.of());
        }
        return shown.inGuild(
                guild,
                overall.visible(audience.showCurrentGame()
                        && !audience.restrictedGuildIds().contains(guild)));
    }
}
