package dev.concord.presence.fanout;

import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Set;

/**
 * What shapes how a user's presence goes out, from social-service: who sees it ({@code watchers}),
 * whose they see ({@code watching}) and their settings.
 *
 * @param friends their friends alone, whom a party open to friends admits
 * @param status the status setting, which a session that sends {@code unknown} takes
 * @param showCurrentGame false: others see no activity but a custom status
 * @param restrictedGuildIds guilds whose members see no activity but a custom status
 */
public record Audience(
        List<Snowflake> watchers,
        List<Snowflake> watching,
        List<Snowflake> friends,
        String status,
        boolean showCurrentGame,
        Set<Snowflake> restrictedGuildIds) {

    public static final Audience NOBODY = new Audience(List.of(), List.of(), List.of(), "online", true, Set.of());
}
