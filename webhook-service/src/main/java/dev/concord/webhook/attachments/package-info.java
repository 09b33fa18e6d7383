/**
 * Files attached to messages: kept in a blob store (a directory by default, behind {@link
 * dev.concord.platform.blobs.BlobStore} so another store can replace it) and served under the
 * platform's attachment URL, {@code /attachments/{channel.id}/{attachment.id}/{filename}}.
 */
@NullMarked
package dev.concord.webhook.attachments;

import org.jspecify.annotations.NullMarked;
