@NullMarked
package dev.concord.gateway.presence;

import org.jspecify.annotations.NullMarked;
