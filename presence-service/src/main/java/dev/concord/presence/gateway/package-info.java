@NullMarked
package dev.concord.presence.gateway;

import org.jspecify.annotations.NullMarked;
