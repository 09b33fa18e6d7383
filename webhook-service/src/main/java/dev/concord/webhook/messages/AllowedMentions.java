package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Which of a message's mentions notify: {@code parse} takes every mention of a kind ("users", "roles",
 * "everyone"), {@code users} / {@code roles} name the ones allowed one by one (never together with
 * parsing that kind), {@code replied_user} whether a reply mentions the author replied to. A message
 * without it mentions everything its content names and the author it replies to.
 */
record AllowedMentions(
        @Nullable List<String> parse,
        @Nullable List<Snowflake> roles,
        @Nullable List<Snowflake> users,
        @Nullable Boolean repliedUser) {

    static final int MAX_IDS = 100;
    static final List<String> KINDS = List.of("roles", "users", "everyone");

    /** What a message without {@code allowed_mentions} gets. */
    static final AllowedMentions DEFAULT = new AllowedMentions(KINDS, null, null, true);

    void validate(Violations v) {
        if (parse != null) {
            for (int i = 0; i < parse.size(); i++) {
                v.at("parse").oneOf(Integer.toString(i), parse.get(i), KINDS);
            }
        }
        v.maxItems("roles", roles, MAX_IDS);
        v.maxItems("users", users, MAX_IDS);
        exclusive(v, "users");
        exclusive(v, "roles");
    }

    private void exclusive(Violations v, String kind) {
        List<Snowflake> named = kind.equals("users") ? users : roles;
        if (parses(kind) && named != null && !named.isEmpty()) {
            v.add(
                    null,
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    "parse:[\"" + kind + "\"] and " + kind + ": [ids...] are mutually exclusive.");
        }
    }

    boolean parses(String kind) {
        return parse != null && parse.contains(kind);
    }

    /** The users of the content this allows, in the order named. */
    Set<Snowflake> allowedUsers(Set<Snowflake> named) {
        return allowed(named, "users", users);
    }

    Set<Snowflake> allowedRoles(Set<Snowflake> named) {
        return allowed(named, "roles", roles);
    }

    boolean allowsEveryone() {
        return parses("everyone");
    }

    boolean allowsRepliedUser() {
        return Boolean.TRUE.equals(repliedUser);
    }

    private Set<Snowflake> allowed(Set<Snowflake> named, String kind, @Nullable List<Snowflake> listed) {
        if (parses(kind)) {
            return named;
        }
        Set<Snowflake> allowed = new LinkedHashSet<>(named);
        allowed.retainAll(listed == null ? Set.of() : Set.copyOf(listed));
        return allowed;
    }
}
