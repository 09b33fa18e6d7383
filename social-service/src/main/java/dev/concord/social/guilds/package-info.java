@NullMarked
package dev.concord.social.guilds;

import org.jspecify.annotations.NullMarked;
