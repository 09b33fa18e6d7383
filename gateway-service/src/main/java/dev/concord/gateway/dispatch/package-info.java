@NullMarked
package dev.concord.gateway.dispatch;

import org.jspecify.annotations.NullMarked;
