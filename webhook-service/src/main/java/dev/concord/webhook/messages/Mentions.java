package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a message's content names: users ({@code <@id>}, {@code <@!id>}), roles ({@code <@&id>}), @everyone or @here. */
record Mentions(Set<Snowflake> users, Set<Snowflake> roles, boolean everyone) {

    private static final Pattern USER = Pattern.compile("<@!?(\\d{1,20})>");
    private static final Pattern ROLE = Pattern.compile("<@&(\\d{1,20})>");
    private static final Pattern EVERYONE = Pattern.compile("@(everyone|here)");

    static Mentions in(String content) {
        if (content.indexOf('@') < 0) {
            return new Mentions(Set.of(), Set.of(), false);
        }
        return new Mentions(
                ids(USER, content),
                ids(ROLE, content),
                EVERYONE.matcher(content).find());
    }

    private static Set<Snowflake> ids(Pattern pattern, String content) {
        Set<Snowflake> ids = new LinkedHashSet<>();
        Matcher matcher = pattern.matcher(content);
        while (matcher.find()) {
            try {
                ids.add(Snowflake.parse(matcher.group(1)));
            } catch (NumberFormatException e) {
                // Digits beyond a snowflake's range name nobody.
            }
        }
        return ids;
    }
}
