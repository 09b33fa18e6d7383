@NullMarked
package dev.concord.social;

import org.jspecify.annotations.NullMarked;
