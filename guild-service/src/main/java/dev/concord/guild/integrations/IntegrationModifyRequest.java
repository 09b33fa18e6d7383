package dev.concord.guild.integrations;

import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;

/**
 * The body of {@code PATCH /guilds/{guild.id}/integrations/{integration.id}}: what happens to members whose
 * subscription ended ({@code expire_behavior} 0 remove the role, 1 kick), after how many days
 * ({@code expire_grace_period}), and whether a livestream's emoticons are shared. Absent fields stay.
 */
record IntegrationModifyRequest(
        Possible<Integer> expireBehavior, Possible<Integer> expireGracePeriod, Possible<Boolean> enableEmoticons)
        implements Violations.Validatable {

    static final int REMOVE_ROLE = 0;
    static final int KICK = 1;
    static final List<Integer> EXPIRE_BEHAVIORS = List.of(REMOVE_ROLE, KICK);
    static final List<Integer> GRACE_PERIODS = List.of(1, 3, 7, 14, 30);

    @Override
    public void validate(Violations v) {
        v.notNullIfSent("expire_behavior", expireBehavior);
        v.oneOf("expire_behavior", expireBehavior.orNull(), EXPIRE_BEHAVIORS);
        v.notNullIfSent("expire_grace_period", expireGracePeriod);
        v.oneOf("expire_grace_period", expireGracePeriod.orNull(), GRACE_PERIODS);
        v.notNullIfSent("enable_emoticons", enableEmoticons);
    }
}
