package dev.concord.platform.guilds;

/**
 * Marks a service that consumes guild.events itself and hands each event to
 * {@link GuildAuthorization#onEvent} before acting on it. The library then starts no consumer of its
 * own for the caches: one fewer consumer group per instance, every event fetched and parsed once, and
 * no moment in which the service acts on an event while the caches still answer from before it.
 */
public interface GuildEventsFeed {}
