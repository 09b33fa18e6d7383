@NullMarked
package dev.concord.guild.internal;

import org.jspecify.annotations.NullMarked;
