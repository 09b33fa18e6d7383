/**
 * Response bodies checked against the platform's published OpenAPI description: every 2xx JSON answer a
 * service's integration tests receive is validated against the schema of the same operation, so a missing
 * or mistyped field fails the build. Deliberate differences are listed, each with its reason, in
 * {@link dev.concord.platform.test.schema.SpecDifferences}.
 */
@NullMarked
package dev.concord.platform.test.schema;

import org.jspecify.annotations.NullMarked;
