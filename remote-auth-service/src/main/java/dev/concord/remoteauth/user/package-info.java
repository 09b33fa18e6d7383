@NullMarked
package dev.concord.remoteauth.user;

import org.jspecify.annotations.NullMarked;
