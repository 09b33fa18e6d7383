/**
 * Threads: channels of types 10, 11 and 12 under a text, announcement or forum channel, their members,
 * their archiving, and the permissions they take from their parent.
 */
@NullMarked
package dev.concord.guild.threads;

import org.jspecify.annotations.NullMarked;
