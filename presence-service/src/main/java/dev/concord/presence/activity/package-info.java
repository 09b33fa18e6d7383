@NullMarked
package dev.concord.presence.activity;

import org.jspecify.annotations.NullMarked;
