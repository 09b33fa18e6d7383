@NullMarked
package dev.concord.platform.service;

import org.jspecify.annotations.NullMarked;
