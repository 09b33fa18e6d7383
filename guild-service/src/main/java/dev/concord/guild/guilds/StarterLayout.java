package dev.concord.guild.guilds;

import static dev.concord.platform.permissions.Permission.*;

import dev.concord.guild.channels.ChannelType;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.platform.permissions.Permission;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a guild created without a template starts with, as on the platform: @everyone with the
 * platform's default permissions, a "Text Channels" category holding #general (the system channel),
 * and a "Voice Channels" category holding "General".
 */
record StarterLayout(NewRole everyone, List<NewChannel> channels, Snowflake systemChannelId) {

    /** @everyone's permissions in a new guild: talk, read, react, join voice, invite, change nickname. */
    static final long EVERYONE_PERMISSIONS = Permission.bits(
            CREATE_INSTANT_INVITE,
            ADD_REACTIONS,
            STREAM,
            VIEW_CHANNEL,
            SEND_MESSAGES,
            EMBED_LINKS,
            ATTACH_FILES,
            READ_MESSAGE_HISTORY,
            MENTION_EVERYONE,
            USE_EXTERNAL_EMOJIS,
            CONNECT,
            SPEAK,
            USE_VAD,
            CHANGE_NICKNAME,
            USE_APPLICATION_COMMANDS,
            REQUEST_TO_SPEAK,
            CREATE_PUBLIC_THREADS,
            CREATE_PRIVATE_THREADS,
            USE_EXTERNAL_STICKERS,
            SEND_MESSAGES_IN_THREADS,
            USE_EMBEDDED_ACTIVITIES,
            USE_SOUNDBOARD,
            CREATE_GUILD_EXPRESSIONS,
            CREATE_EVENTS,
            USE_EXTERNAL_SOUNDS,
            SEND_VOICE_MESSAGES,
            SET_VOICE_CHANNEL_STATUS,
            SEND_POLLS,
            USE_EXTERNAL_APPS);

    record NewRole(Snowflake id, String name, int position, long permissions) {}

    record NewChannel(
            Snowflake id,
            int type,
            String name,
            int position,
            @Nullable Snowflake parentId,
            @Nullable Integer bitrate,
            @Nullable Integer userLimit) {}

    static StarterLayout forGuild(Snowflake guildId, SnowflakeGenerator ids) {
        Snowflake textCategory = ids.next();
        Snowflake voiceCategory = ids.next();
        Snowflake general = ids.next();
        Snowflake generalVoice = ids.next();
        List<NewChannel> channels = List.of(
                new NewChannel(textCategory, ChannelType.CATEGORY, "Text Channels", 0, null, null, null),
                new NewChannel(voiceCategory, ChannelType.CATEGORY, "Voice Channels", 1, null, null, null),
                new NewChannel(general, ChannelType.TEXT, "general", 0, textCategory, null, null),
                new NewChannel(
                        generalVoice, ChannelType.VOICE, "General", 0, voiceCategory, ChannelType.DEFAULT_BITRATE, 0));
        return new StarterLayout(new NewRole(guildId, "@everyone", 0, EVERYONE_PERMISSIONS), channels, general);
    }
}
