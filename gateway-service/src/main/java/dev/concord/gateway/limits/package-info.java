@NullMarked
package dev.concord.gateway.limits;

import org.jspecify.annotations.NullMarked;
