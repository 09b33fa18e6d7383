package dev.concord.guild.channels;

import dev.concord.guild.GuildErrors;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Possible;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The body of {@code PATCH /channels/{channel.id}} for a guild channel: any subset of its settings.
 * {@code type} only converts between text and announcement; {@code permission_overwrites} replaces
 * them all. Null clears {@code topic}, {@code parent_id} and {@code rtc_region} (no topic, no category,
 * automatic region) and sets the forum fields back to their defaults ({@link ForumFields}); it is refused
 * on the others. Limits that depend on the channel's type are checked against the type it will have.
 */
record ChannelModifyRequest(
        Possible<String> name,
        Possible<Integer> type,
        Possible<Integer> position,
        Possible<Optional<String>> topic,
        Possible<Boolean> nsfw,
        Possible<Integer> rateLimitPerUser,
        Possible<Integer> bitrate,
        Possible<Integer> userLimit,
        Possible<List<OverwriteRequest>> permissionOverwrites,
        Possible<Optional<Snowflake>> parentId,
        Possible<Optional<String>> rtcRegion,
        Possible<Optional<List<ForumTagRequest>>> availableTags,
        Possible<Optional<Integer>> defaultSortOrder,
        Possible<Optional<Integer>> defaultForumLayout,
        Possible<Optional<DefaultReaction>> defaultReactionEmoji,
        Possible<Optional<Integer>> defaultThreadRateLimitPerUser,
        Possible<Optional<Integer>> videoQualityMode,
        Possible<Optional<Integer>> defaultAutoArchiveDuration,
        Possible<Optional<String>> defaultTagSetting) {

    static final Set<Integer> CONVERTIBLE = Set.of(ChannelType.TEXT, ChannelType.ANNOUNCEMENT);

    /** Checks the body against the channel's current type. */
    void validate(Violations v, int currentType) {
        v.notNullIfSent("name", name);
        v.notNullIfSent("type", type);
        v.notNullIfSent("position", position);
        v.notNullIfSent("nsfw", nsfw);
        v.notNullIfSent("rate_limit_per_user", rateLimitPerUser);
        v.notNullIfSent("bitrate", bitrate);
        v.notNullIfSent("user_limit", userLimit);
        v.notNullIfSent("permission_overwrites", permissionOverwrites);
        v.length("name", name.orNull(), 1, ChannelCreateRequest.MAX_NAME);
        if (type.isPresent()
                && type.get() != currentType
                && !(CONVERTIBLE.contains(type.get()) && CONVERTIBLE.contains(currentType))) {
            GuildErrors.channelTypeNotConvertible(v);
        }
        int kind = type.orElse(currentType);
        v.length(
                "topic",
                Possible.valueOrNull(topic),
                0,
                kind == ChannelType.FORUM ? ChannelCreateRequest.MAX_FORUM_TOPIC : ChannelCreateRequest.MAX_TOPIC);
        v.range("rate_limit_per_user", rateLimitPerUser.orNull(), 0, ChannelCreateRequest.MAX_SLOWMODE);
        v.range("position", position.orNull(), 0, Integer.MAX_VALUE);
        boolean stage = kind == ChannelType.STAGE;
        v.range(
                "bitrate",
                bitrate.orNull(),
                ChannelCreateRequest.MIN_BITRATE,
                stage ? ChannelCreateRequest.MAX_STAGE_BITRATE : ChannelCreateRequest.MAX_BITRATE);
        v.range(
                "user_limit",
                userLimit.orNull(),
                0,
                stage ? ChannelCreateRequest.MAX_STAGE_USERS : ChannelCreateRequest.MAX_VOICE_USERS);
        OverwriteRequest.validateAll(v, "permission_overwrites", permissionOverwrites.orNull());
        if (kind == ChannelType.CATEGORY && Possible.valueOrNull(parentId) != null) {
            GuildErrors.categoryInCategory(v);
        }
        ForumFields.validate(
                v,
                availableTags,
                defaultSortOrder,
                defaultForumLayout,
                defaultReactionEmoji,
                defaultThreadRateLimitPerUser);
        UnkeptChannelFields.validate(v, videoQualityMode, defaultAutoArchiveDuration, defaultTagSetting);
    }
}
