@NullMarked
package dev.concord.gateway.http;

import org.jspecify.annotations.NullMarked;
