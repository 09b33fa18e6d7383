@NullMarked
package dev.concord.social.games;

import org.jspecify.annotations.NullMarked;
