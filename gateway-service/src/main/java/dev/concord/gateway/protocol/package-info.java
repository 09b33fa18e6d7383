@NullMarked
package dev.concord.gateway.protocol;

import org.jspecify.annotations.NullMarked;
