package dev.concord.gateway.session;

/**
 * Where sessions are published for the rest of the platform (which instance holds a session, for whom).
 * Publishing is best effort and never delays the client.
 */
interface SessionDirectory {

    /** A session was created or resumed on this instance. */
    void opened(Session session);

    /** The session is alive (its client heartbeated). */
    void alive(Session session);

    /** The session ended: invalidated, or not resumed in time. */
    void ended(Session session);
}
