@NullMarked
package dev.concord.guild.access;

import org.jspecify.annotations.NullMarked;
