@NullMarked
package dev.concord.gateway.members;

import org.jspecify.annotations.NullMarked;
