@NullMarked
package dev.concord.edge.routing;

import org.jspecify.annotations.NullMarked;
