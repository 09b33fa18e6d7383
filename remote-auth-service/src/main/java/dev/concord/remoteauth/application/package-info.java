/**
 * Applications: OAuth2 clients and bots, their keys and secrets, and the bot users they own (seed 002's
 * application object; the platform's developer endpoints).
 */
@NullMarked
package dev.concord.remoteauth.application;

import org.jspecify.annotations.NullMarked;
