@NullMarked
package dev.concord.platform.infra;

import org.jspecify.annotations.NullMarked;
