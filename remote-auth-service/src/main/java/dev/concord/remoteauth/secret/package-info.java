/** Random values and their digests, from one seeded generator. */
@NullMarked
package dev.concord.remoteauth.secret;

import org.jspecify.annotations.NullMarked;
