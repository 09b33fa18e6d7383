@NullMarked
package dev.concord.remoteauth.qr;

import org.jspecify.annotations.NullMarked;
