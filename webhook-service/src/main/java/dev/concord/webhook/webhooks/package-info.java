/**
 * Webhooks: made and managed in a channel with MANAGE_WEBHOOKS, or with their token alone, and the
 * WEBHOOKS_UPDATE each change sends to the channel.
 */
@NullMarked
package dev.concord.webhook.webhooks;

import org.jspecify.annotations.NullMarked;
