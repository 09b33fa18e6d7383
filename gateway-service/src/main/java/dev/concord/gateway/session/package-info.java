@NullMarked
package dev.concord.gateway.session;

import org.jspecify.annotations.NullMarked;
