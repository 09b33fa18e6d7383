@NullMarked
package dev.concord.platform.test;

import org.jspecify.annotations.NullMarked;
