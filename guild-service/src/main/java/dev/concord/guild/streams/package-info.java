/**
 * Go Live streams' previews: the streamer uploads a thumbnail of their stream, those who may connect to
 * its channel read where it is, and the CDN serves it at an address that changes with each upload.
 */
@NullMarked
package dev.concord.guild.streams;

import org.jspecify.annotations.NullMarked;
