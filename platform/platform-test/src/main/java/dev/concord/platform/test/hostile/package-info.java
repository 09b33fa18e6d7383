/**
 * The hostile-input suite: every route of a service's {@link dev.concord.platform.web.RouteCatalog}
 * called with bad bodies, bad query parameters, bad path ids and bad credentials, checking each answer
 * and the service's stored state.
 */
@NullMarked
package dev.concord.platform.test.hostile;

import org.jspecify.annotations.NullMarked;
