@NullMarked
package dev.concord.guild.members;

import org.jspecify.annotations.NullMarked;
