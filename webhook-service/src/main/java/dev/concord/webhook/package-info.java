@NullMarked
package dev.concord.webhook;

import org.jspecify.annotations.NullMarked;
