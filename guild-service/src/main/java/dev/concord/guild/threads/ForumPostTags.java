package dev.concord.guild.threads;

import dev.concord.guild.channels.ChannelData;
import dev.concord.guild.channels.ForumTag;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.ApiErrors;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The tags a forum post carries, as it starts or when they change: the forum's rules for them. */
final class ForumPostTags {

    private ForumPostTags() {}

    /**
     * The tags asked for, each once: every one the forum's (50035 naming the entry), moderated ones only
     * from those who manage threads (403 50013), at least one where the forum requires a tag (400 40067).
     */
    static List<Snowflake> check(ChannelData forum, List<Snowflake> asked, boolean managesThreads) {
        List<Snowflake> tags = asked.stream().distinct().toList();
        Map<Snowflake, ForumTag> forumTags = forum.availableTags().orElse(List.of()).stream()
                .collect(Collectors.toMap(ForumTag::id, Function.identity()));
        Violations violations = new Violations();
        for (int i = 0; i < tags.size(); i++) {
            ForumTag tag = forumTags.get(tags.get(i));
            if (tag == null) {
                ThreadErrors.unknownTag(violations.at("applied_tags"), i);
            } else if (tag.moderated() && !managesThreads) {
                throw ApiErrors.missingPermissions();
            }
        }
        violations.throwIfAny();
        if (tags.isEmpty() && (forum.flags() & ThreadTypes.REQUIRE_TAG) != 0) {
            throw ThreadErrors.tagRequired();
        }
        return tags;
    }
}
