/**
 * OAuth2 (RFC 6749 with PKCE, RFC 7636): the authorization endpoint a person consents at, the token
 * endpoint applications exchange codes, refresh tokens and client credentials at, revocation (RFC 7009),
 * and what a Bearer token may see of itself.
 */
@NullMarked
package dev.concord.remoteauth.oauth2;

import org.jspecify.annotations.NullMarked;
