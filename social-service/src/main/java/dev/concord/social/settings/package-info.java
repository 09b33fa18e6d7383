@NullMarked
package dev.concord.social.settings;

import org.jspecify.annotations.NullMarked;
