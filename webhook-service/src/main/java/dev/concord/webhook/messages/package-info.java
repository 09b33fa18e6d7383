/**
 * Messages of channels: sending (content, embeds, mentions, replies, nonces), reading a channel's history,
 * editing and deleting, and the MESSAGE_* events the gateway delivers to those who may view the channel.
 */
@NullMarked
package dev.concord.webhook.messages;

import org.jspecify.annotations.NullMarked;
