@NullMarked
package dev.concord.social.preferences;

import org.jspecify.annotations.NullMarked;
