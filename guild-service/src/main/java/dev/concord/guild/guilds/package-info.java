@NullMarked
package dev.concord.guild.guilds;

import org.jspecify.annotations.NullMarked;
