@NullMarked
package dev.concord.platform.users;

import org.jspecify.annotations.NullMarked;
