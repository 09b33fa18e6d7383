@NullMarked
package dev.concord.platform.web.image;

import org.jspecify.annotations.NullMarked;
