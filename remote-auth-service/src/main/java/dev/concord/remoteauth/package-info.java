@NullMarked
package dev.concord.remoteauth;

import org.jspecify.annotations.NullMarked;
