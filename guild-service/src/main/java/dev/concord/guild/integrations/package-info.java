/**
 * A guild's integrations: applications (and their bots) added through OAuth2's {@code bot} scope, which
 * remote-auth-service hands to guild-service's internal API.
 */
@NullMarked
package dev.concord.guild.integrations;

import org.jspecify.annotations.NullMarked;
