package dev.concord.guild;

import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Violations;
import org.springframework.http.HttpStatus;

/**
 * guild-service's refusals with their codes and messages, in one place: its features share them (a role
 * that may not be handed out is 50028 to members and roles alike, a role id naming no role of the guild
 * is the same field error to channels, members and roles). The platform's own errors (Unknown X, Missing
 * Permissions, Missing Access) come from {@code ApiErrors}.
 *
 * <p>Field refusals are 50035s. Those found alone are thrown as they are; those a check collects with
 * others are added to its {@link Violations}, so one answer names every bad field.
 */
public final class GuildErrors {

    private GuildErrors() {}

    // --- refusals with a code of their own -------------------------------------------------------

    /** 400 30001: the user is in as many guilds as one may be. */
    public static ApiException tooManyGuilds(int max) {
        return refusal(30001, "Maximum number of guilds reached (" + max + ")");
    }

    /** 400 30005: the guild has as many roles as one may have. */
    public static ApiException tooManyRoles(int max) {
        return refusal(30005, "Maximum number of guild roles reached (" + max + ")");
    }

    /** 400 30030: the guild has as many discovery subcategories as one may have. */
    public static ApiException tooManyDiscoverySubcategories(int max) {
        return refusal(30030, "Maximum number of server categories has been reached (" + max + ")");
    }

    /** 400 30008: the guild's bucket of still emoji is full. */
    public static ApiException tooManyEmojis(int max) {
        return refusal(30008, "Maximum number of emojis reached (" + max + ")");
    }

    /** 400 30018: the guild's bucket of animated emoji is full. */
    public static ApiException tooManyAnimatedEmojis(int max) {
        return refusal(30018, "Maximum number of animated emojis reached (" + max + ")");
    }

    /** 400 30056: the guild's bucket of premium (subscription role) emoji is full. */
    public static ApiException tooManyPremiumEmojis(int max) {
        return refusal(30056, "Maximum number of premium emojis reached (" + max + ")");
    }

    /** 400 50144: an emoji's roles are all subscription roles or none is. */
    public static ApiException mixedEmojiRoles() {
        return refusal(50144, "Cannot mix subscription and non subscription roles for an emoji");
    }

    /** 400 50145: an emoji stays premium or normal as it was made. */
    public static ApiException emojiConversion() {
        return refusal(50145, "Cannot convert between premium emoji and normal emoji");
    }

    /** 400 50024: the action is not one this kind of channel has (threads in voice, entries outside a directory). */
    public static ApiException wrongChannelType() {
        return refusal(50024, "Cannot execute action on this channel type");
    }

    /** 400 40032: the action needs its user connected to the voice channel, and they are not. */
    public static ApiException notConnectedToVoice() {
        return refusal(40032, "Target user is not connected to voice.");
    }

    /** 400 50035 at {@code channel_id}: stages and their voice states live in stage channels only. */
    public static ApiException notStageChannel() {
        return field("channel_id", "CHANNEL_INVALID", "Not a stage channel.");
    }

    /** 400 50028: @everyone and managed roles are neither handed out nor deleted. */
    public static ApiException invalidRole() {
        return refusal(50028, "Invalid Role");
    }

    /** 400 50055: the owner cannot leave their own guild. */
    public static ApiException invalidGuild() {
        return refusal(50055, "Invalid Guild");
    }

    /**
     * 400 40069: the guild paused its invites (an incident action, or the feature INVITES_DISABLED), so
     * nobody makes an invite to it or joins through one. The code is the platform's INVITES_DISABLED, which
     * its client tells apart from other invite errors.
     */
    public static ApiException invitesPaused() {
        return refusal(40069, "Invites are currently paused for this server. Please try again later.");
    }

    // --- 50035s found alone ----------------------------------------------------------------------

    /** A channel's parent must be a category of the same guild. */
    public static ApiException parentNotCategory() {
        return field("parent_id", "CHANNEL_PARENT_INVALID", "Must be a category of this guild.");
    }

    /** A timeout longer than the platform allows (28 days). */
    public static ApiException timeoutTooLong() {
        return field(
                "communication_disabled_until",
                "COMMUNICATION_DISABLED_TOO_LONG",
                "Timeouts may last at most 28 days.");
    }

    /**
     * A nickname the guild's USER_PROFILE rule flags. The platform names the field and a code of this
     * family (its guild-tag refusal reads {@code AUTO_MODERATION_USER_PROFILES_INVALID_GUILD_TAG}).
     */
    public static ApiException nicknameBlockedByAutoModeration() {
        return field(
                "nick",
                "AUTO_MODERATION_USER_PROFILES_INVALID_NICK",
                "Nickname contains words blocked by this server's AutoMod.");
    }

    public static ApiException everyoneNameImmutable() {
        return field("name", "ROLE_NAME_IMMUTABLE", "The @everyone role cannot be renamed.");
    }

    /** A role icon ({@code field} is {@code icon} or {@code unicode_emoji}) in a guild without ROLE_ICONS. */
    public static ApiException roleIconsRequired(String field) {
        return field(field, "GUILD_FEATURE_REQUIRED", "This server needs more boosts to perform this action.");
    }

    /** Invites with a target open something in a voice channel. */
    public static ApiException inviteTargetNotVoice() {
        return field(
                "target_type", "INVITE_TARGET_CHANNEL_INVALID", "Invites with a target must be for a voice channel.");
    }

    public static ApiException streamerNotMember() {
        return field("target_user_id", "UNKNOWN_MEMBER", "The user to stream must be a member of this guild.");
    }

    // --- 50035s collected with others ------------------------------------------------------------

    /** A role id, under {@code field}, that names no role of this guild. */
    public static Violations unknownRole(Violations v, String field) {
        return v.add(field, "UNKNOWN_ROLE", "Unknown role in this guild.");
    }

    /** A channel id, under {@code field}, that names no channel of this guild. */
    public static Violations unknownChannel(Violations v, String field) {
        return v.add(field, "UNKNOWN_CHANNEL", "Unknown channel in this guild.");
    }

    /** A second overwrite for the same role or member in one list. */
    public static Violations duplicateOverwrite(Violations v, String field) {
        return v.add(field, "DUPLICATE_OVERWRITE", "Each overwrite must name a different role or member.");
    }

    /** A member overwrite naming someone who is not a member of the guild. */
    public static Violations unknownMember(Violations v, String field) {
        return v.add(field, "UNKNOWN_MEMBER", "Unknown member in this guild.");
    }

    /** Creating a guild with a template's {@code field} (roles, channels), which is not offered yet. */
    public static Violations templateUnsupported(Violations v, String field) {
        return v.add(field, "UNSUPPORTED", "Creating a guild with " + field + " is not supported yet.");
    }

    public static Violations ownerNotMember(Violations v) {
        return v.add("owner_id", "GUILD_OWNER_NOT_MEMBER", "The new owner must be a member of this guild.");
    }

    public static Violations communityChannelsRequired(Violations v) {
        return v.add(
                "features",
                "COMMUNITY_CHANNELS_REQUIRED",
                "A community guild needs a rules channel and a community updates channel.");
    }

    public static Violations communitySafetyRequired(Violations v) {
        return v.add(
                "features",
                "COMMUNITY_SAFETY_REQUIRED",
                "A community guild needs verification level 1 or higher and the explicit content filter for all members.");
    }

    public static Violations featureNotMutable(Violations v, String feature) {
        return v.add("features", "FEATURE_NOT_MUTABLE", "The feature " + feature + " cannot be enabled here.");
    }

    /** 400 naming {@code features}: the guild does not meet discovery's requirements yet. */
    public static ApiException discoveryRequirementsNotMet() {
        return field(
                "features",
                "DISCOVERY_REQUIREMENTS_NOT_MET",
                "The guild does not meet the requirements of discovery (GET /guilds/{id}/discovery-requirements).");
    }

    public static Violations discoverableNeedsCommunity(Violations v) {
        return v.add("features", "DISCOVERABLE_NEEDS_COMMUNITY", "Only a community guild can be discoverable.");
    }

    /** A guild setting naming a channel that is not one of the guild's of the kind it needs. */
    public static Violations channelInvalid(Violations v, String field, boolean voice) {
        return v.add(
                field,
                "CHANNEL_INVALID",
                voice ? "Must be a voice channel of this guild." : "Must be a text channel of this guild.");
    }

    /** An image the guild cannot show without {@code feature}. */
    public static Violations guildFeatureRequired(Violations v, String field, String feature) {
        return v.add(field, "GUILD_FEATURE_REQUIRED", "This guild lacks the " + feature + " feature.");
    }

    public static Violations gradientColorsUnavailable(Violations v) {
        return v.add("colors", "GUILD_FEATURE_REQUIRED", "Gradient role colors are not available in this guild.");
    }

    public static Violations channelTypeNotConvertible(Violations v) {
        return v.add("type", "CHANNEL_TYPE_INVALID", "Only text and announcement channels convert into each other.");
    }

    public static Violations categoryInCategory(Violations v) {
        return v.add("parent_id", "CHANNEL_PARENT_INVALID", "Categories cannot have subcategories");
    }

    public static Violations rolePositionImmutable(Violations v) {
        return v.add("id", "ROLE_POSITION_IMMUTABLE", "The @everyone role always sits at position 0.");
    }

    public static Violations roleMovedTwice(Violations v) {
        return v.add("id", "DUPLICATE_ROLE", "A role may be moved once per request.");
    }

    /** The internal permissions query names a channel or describes one by its overwrites, not both. */
    public static Violations channelOrOverwrites(Violations v) {
        return v.add("overwrites", "ONE_OF", "Send channel_id or overwrites, not both.");
    }

    private static ApiException refusal(int code, String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, code, message);
    }

    private static ApiException field(String field, String code, String message) {
        return new Violations().add(field, code, message).toException();
    }
}
