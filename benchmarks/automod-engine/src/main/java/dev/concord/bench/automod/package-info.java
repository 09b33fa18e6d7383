@NullMarked
package dev.concord.bench.automod;

import org.jspecify.annotations.NullMarked;
