@NullMarked
package dev.concord.platform.guilds;

import org.jspecify.annotations.NullMarked;
