@NullMarked
package dev.concord.edge;

import org.jspecify.annotations.NullMarked;
