@NullMarked
package dev.concord.guild.roles;

import org.jspecify.annotations.NullMarked;
