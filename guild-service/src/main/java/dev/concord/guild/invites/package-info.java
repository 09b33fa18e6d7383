@NullMarked
package dev.concord.guild.invites;

import org.jspecify.annotations.NullMarked;
