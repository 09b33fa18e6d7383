@NullMarked
package dev.concord.platform.auth;

import org.jspecify.annotations.NullMarked;
