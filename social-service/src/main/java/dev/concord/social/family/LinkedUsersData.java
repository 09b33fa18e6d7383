package dev.concord.social.family;

import dev.concord.platform.users.PartialUser;
import java.util.List;

/** {@code GET /users/@me/linked-users}: the caller's links and the other party of each, as partial users. */
record LinkedUsersData(List<LinkedUserData> linkedUsers, List<PartialUser> users) {}
