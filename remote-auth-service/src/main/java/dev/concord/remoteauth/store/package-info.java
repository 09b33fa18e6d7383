/** What the stores of this service share. */
@NullMarked
package dev.concord.remoteauth.store;

import org.jspecify.annotations.NullMarked;
