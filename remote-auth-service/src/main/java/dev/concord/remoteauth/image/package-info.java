@NullMarked
package dev.concord.remoteauth.image;

import org.jspecify.annotations.NullMarked;
