/**
 * Persistent voice keys (the DAVE protocol's persistent signature keys): a person's client uploads the
 * P-256 public key it keeps for a login, self-signed MLS-style over the login's {@code
 * static_client_session_id} ({@code PUT /voice/public-keys}); anyone in a call asks whether a key they were
 * shown is one a user uploaded ({@code POST /voice/{user.id}/match-public-key}).
 */
@NullMarked
package dev.concord.guild.voice.keys;

import org.jspecify.annotations.NullMarked;
