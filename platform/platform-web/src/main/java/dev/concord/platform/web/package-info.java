@NullMarked
package dev.concord.platform.web;

import org.jspecify.annotations.NullMarked;
