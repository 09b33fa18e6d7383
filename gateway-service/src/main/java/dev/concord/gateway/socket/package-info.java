@NullMarked
package dev.concord.gateway.socket;

import org.jspecify.annotations.NullMarked;
