/**
 * Where uploaded bytes live, by key, streamed in and out: a directory by default ({@link
 * dev.concord.platform.blobs.FileBlobStore}), an object store's adapter in its place where one is given.
 * Each service keeps its own keys (attachments, emoji images).
 */
@NullMarked
package dev.concord.platform.blobs;

import org.jspecify.annotations.NullMarked;
