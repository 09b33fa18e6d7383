@NullMarked
package dev.concord.remoteauth.pages;

import org.jspecify.annotations.NullMarked;
