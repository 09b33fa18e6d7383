package dev.concord.gateway.voice;

import dev.concord.gateway.protocol.VoiceStateRequest;
import dev.concord.gateway.session.Session;

/** Carries out a session's op 4, in the background. */
public interface VoiceStates {

    /** Without guild-service: nobody is in any guild, so no one joins voice. */
    VoiceStates IGNORED = (session, request) -> {};

    void update(Session session, VoiceStateRequest request);
}
