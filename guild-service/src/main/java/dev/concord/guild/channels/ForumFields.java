package dev.concord.guild.channels;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The platform's forum settings of a channel: {@code available_tags}, {@code default_sort_order},
 * {@code default_forum_layout}, {@code default_reaction_emoji} and {@code default_thread_rate_limit_per_user},
 * with their limits. Forum and media channels keep them (the layout only forums); sent for another type,
 * they are checked and then ignored, as the platform ignores and this service already ignores the voice
 * fields sent for a text channel. Null sets a field back to its default (no tags, no order, layout 0, no
 * reaction, no slowmode), as the platform takes null for every optional field of these endpoints.
 */
final class ForumFields {

    static final int MAX_TAGS = 20;
    static final int MAX_TAG_NAME = 20;
    /** The platform's OpenAPI description allows 100 characters for an emoji's name. */
    static final int MAX_EMOJI_NAME = 100;

    static final List<Integer> SORT_ORDERS = List.of(0, 1);
    static final List<Integer> LAYOUTS = List.of(0, 1, 2);

    private ForumFields() {}

    static void validate(
            Violations v,
            Possible<Optional<List<ForumTagRequest>>> tags,
            Possible<Optional<Integer>> sortOrder,
            Possible<Optional<Integer>> layout,
            Possible<Optional<DefaultReaction>> reaction,
            Possible<Optional<Integer>> threadSlowmode) {
        List<ForumTagRequest> sentTags = Possible.valueOrNull(tags);
        v.maxItems("available_tags", sentTags, MAX_TAGS);
        if (sentTags != null) {
            for (int i = 0; i < sentTags.size(); i++) {
                ForumTagRequest tag = sentTags.get(i);
                if (tag == null) {
                    v.at("available_tags").required(Integer.toString(i), null);
                    continue;
                }
                Violations at = v.at("available_tags").at(i);
                at.required("name", tag.name());
                at.length("name", tag.name(), 0, MAX_TAG_NAME);
                at.length("emoji_name", tag.emojiName(), 0, MAX_EMOJI_NAME);
                if (tag.emojiId() != null && tag.emojiName() != null) {
                    at.add("emoji_id", "BASE_TYPE_INVALID", "A tag may have emoji_id or emoji_name, not both.");
                }
            }
        }
        v.oneOf("default_sort_order", Possible.valueOrNull(sortOrder), SORT_ORDERS);
        v.oneOf("default_forum_layout", Possible.valueOrNull(layout), LAYOUTS);
        DefaultReaction emoji = Possible.valueOrNull(reaction);
        if (emoji != null) {
            v.at("default_reaction_emoji").length("emoji_name", emoji.emojiName(), 0, MAX_EMOJI_NAME);
            if ((emoji.emojiId() == null) == (emoji.emojiName() == null)) {
                v.at("default_reaction_emoji")
                        .add("emoji_id", "BASE_TYPE_INVALID", "Exactly one of emoji_id and emoji_name must be set.");
            }
        }
        v.range(
                "default_thread_rate_limit_per_user",
                Possible.valueOrNull(threadSlowmode),
                0,
                ChannelCreateRequest.MAX_SLOWMODE);
    }

    /**
     * The tags a request asks for, in its order: a tag whose id the channel has keeps that id, any other
     * gets a new snowflake. Null (or nothing) is no tags.
     */
    static List<ForumTag> tags(
            @Nullable List<ForumTagRequest> requested, List<ForumTag> current, SnowflakeGenerator ids) {
        if (requested == null) {
            return List.of();
        }
        Map<Snowflake, ForumTag> existing =
                current.stream().collect(Collectors.toMap(ForumTag::id, Function.identity()));
        List<ForumTag> tags = new ArrayList<>(requested.size());
        List<Snowflake> used = new ArrayList<>();
        for (ForumTagRequest tag : requested) {
            Snowflake id = tag.id();
            if (id == null || !existing.containsKey(id) || used.contains(id)) {
                id = ids.next();
            }
            used.add(id);
            tags.add(new ForumTag(
                    id,
                    tag.name() == null ? "" : tag.name(),
                    Boolean.TRUE.equals(tag.moderated()),
                    tag.emojiId(),
                    tag.emojiName()));
        }
        return List.copyOf(tags);
    }
}
