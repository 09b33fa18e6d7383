@NullMarked
package dev.concord.gateway;

import org.jspecify.annotations.NullMarked;
