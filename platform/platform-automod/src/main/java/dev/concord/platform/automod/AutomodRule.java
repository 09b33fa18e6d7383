package dev.concord.platform.automod;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * One auto moderation rule, as the engine needs it (name, creator and guild stay with the caller).
 *
 * @param exemptRoles members holding any of these roles are not judged by the rule
 * @param exemptChannels messages in these channels, or in channels of these categories, are not judged
 */
public record AutomodRule(
        long id,
        TriggerType triggerType,
        TriggerMetadata metadata,
        List<AutomodAction> actions,
        boolean enabled,
        Set<Long> exemptRoles,
        Set<Long> exemptChannels) {

    public AutomodRule {
        actions = List.copyOf(actions);
        exemptRoles = Set.copyOf(exemptRoles);
        exemptChannels = Set.copyOf(exemptChannels);
    }

    /** An enabled rule without actions or exemptions: tests and benchmarks. */
    public static AutomodRule of(long id, TriggerType triggerType, TriggerMetadata metadata) {
        return new AutomodRule(id, triggerType, metadata, List.of(), true, Set.of(), Set.of());
    }

    public AutomodRule withExemptions(Set<Long> roles, Set<Long> channels) {
        return new AutomodRule(id, triggerType, metadata, actions, enabled, roles, channels);
    }

    /**
     * Whether the rule leaves this author or channel alone: the author holds an exempt role, or the
     * channel or its parent (category; 0 for none) is exempt.
     */
    public boolean exempts(Collection<Long> authorRoleIds, long channelId, long parentId) {
        return exemptsRoles(authorRoleIds)
                || exemptChannels.contains(channelId)
                || (parentId != 0 && exemptChannels.contains(parentId));
    }

    /** Whether the author holds one of the rule's exempt roles. */
    public boolean exemptsRoles(Collection<Long> authorRoleIds) {
        // At most 20 exempt roles, each already boxed: asking the member's role set costs no allocation.
        for (Long role : exemptRoles) {
            if (authorRoleIds.contains(role)) {
                return true;
            }
        }
        return false;
    }
}
