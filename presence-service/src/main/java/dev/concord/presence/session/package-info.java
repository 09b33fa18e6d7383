@NullMarked
package dev.concord.presence.session;

import org.jspecify.annotations.NullMarked;
