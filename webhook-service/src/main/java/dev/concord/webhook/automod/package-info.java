/**
 * Auto moderation enforced on messages: each guild's rules (guild-service's) compiled once and kept until
 * one of them changes, and what a rule that triggered does.
 */
@NullMarked
package dev.concord.webhook.automod;

import org.jspecify.annotations.NullMarked;
