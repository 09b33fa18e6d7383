@NullMarked
package dev.concord.bench;

import org.jspecify.annotations.NullMarked;
