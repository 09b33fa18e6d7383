@NullMarked
package dev.concord.social.suggestions;

import org.jspecify.annotations.NullMarked;
