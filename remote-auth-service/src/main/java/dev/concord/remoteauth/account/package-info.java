@NullMarked
package dev.concord.remoteauth.account;

import org.jspecify.annotations.NullMarked;
