/**
 * A guild's integrations: applications (and their bots) added through OAuth2's {@code bot} scope, which
 * remote-auth-service hands to guild-service's internal API, and livestream and video-site accounts linked
 * by the guild's managers, whose subscribers get a managed role at each sync (the accounts behind the
 * {@link dev.concord.guild.integrations.StreamingAccounts} port).
 */
@NullMarked
package dev.concord.guild.integrations;

import org.jspecify.annotations.NullMarked;
