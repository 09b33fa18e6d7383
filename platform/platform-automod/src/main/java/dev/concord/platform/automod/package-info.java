/**
 * The auto moderation judging engine. A guild's rules are compiled once into {@link
 * dev.concord.platform.automod.GuildRules} (the caller caches it per rule set); judging a message or a
 * member's profile is then pure computation, linear in the text's length.
 */
@NullMarked
package dev.concord.platform.automod;

import org.jspecify.annotations.NullMarked;
