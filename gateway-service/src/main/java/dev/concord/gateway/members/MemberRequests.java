package dev.concord.gateway.members;

import dev.concord.gateway.protocol.GuildMembersRequest;
import dev.concord.gateway.session.Session;

/** Answers a session's op 8 Request Guild Members, in the background. */
public interface MemberRequests {

    /** Without guild-service: nobody is a member of anything, so every request goes unanswered. */
    MemberRequests IGNORED = (session, request) -> {};

    void request(Session session, GuildMembersRequest request);
}
