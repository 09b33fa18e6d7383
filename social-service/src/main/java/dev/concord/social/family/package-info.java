@NullMarked
package dev.concord.social.family;

import org.jspecify.annotations.NullMarked;
