@NullMarked
package dev.concord.social.relationships;

import org.jspecify.annotations.NullMarked;
