@NullMarked
package dev.concord.presence.applications;

import org.jspecify.annotations.NullMarked;
