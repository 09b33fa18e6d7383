@NullMarked
package dev.concord.localstack;

import org.jspecify.annotations.NullMarked;
