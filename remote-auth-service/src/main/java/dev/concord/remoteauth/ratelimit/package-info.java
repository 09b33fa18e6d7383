@NullMarked
package dev.concord.remoteauth.ratelimit;

import org.jspecify.annotations.NullMarked;
