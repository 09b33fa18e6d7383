@NullMarked
package dev.concord.bench.permissions;

import org.jspecify.annotations.NullMarked;
