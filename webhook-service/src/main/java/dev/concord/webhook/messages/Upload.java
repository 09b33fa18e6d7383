package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/**
 * A file of a multipart message, already in the blob store: its part's index ({@code files[n]}), the
 * attachment id it was stored under, and what its part said of it.
 */
record Upload(
        int index, Snowflake id, String filename, @Nullable String contentType, long size) {}
