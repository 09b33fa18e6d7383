@NullMarked
package dev.concord.social.notifications;

import org.jspecify.annotations.NullMarked;
