@NullMarked
package dev.concord.remoteauth.password;

import org.jspecify.annotations.NullMarked;
