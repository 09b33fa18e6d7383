@NullMarked
package dev.concord.guild;

import org.jspecify.annotations.NullMarked;
