@NullMarked
package dev.concord.guild.channels;

import org.jspecify.annotations.NullMarked;
