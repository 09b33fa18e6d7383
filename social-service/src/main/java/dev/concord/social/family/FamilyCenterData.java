package dev.concord.social.family;

import dev.concord.platform.users.PartialUser;
import java.util.List;

/** {@code GET /family-center/@me}: the caller's links, the audit log of their (or their teen's) week, the other parties. */
record FamilyCenterData(List<LinkedUserData> linkedUsers, TeenAuditLogData teenAuditLog, List<PartialUser> users) {}
