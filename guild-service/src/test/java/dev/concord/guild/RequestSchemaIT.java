package dev.concord.guild;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.test.schema.RequestSchemaCheck;
import dev.concord.platform.web.RouteCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every guild-service request type compared with the platform's request schema of the same operation
 * (see {@link RequestSchemaCheck}): a field the platform validates and we do not read is listed here
 * with the reason, or it fails.
 */
class RequestSchemaIT extends GuildApiSupport {

    private static final String THREADS = "not built yet: threads (these apply to thread channels only)";

    @Autowired
    RouteCatalog routes;

    @Autowired
    JsonMapper mapper;

    @Test
    void requestTypesReadEveryFieldOfThePlatformsRequestSchemas() {
        RequestSchemaCheck.of("guild-service", routes, mapper)
                .notModelled(
                        "PATCH /channels/{channel_id}",
                        List.of("archived", "locked", "invitable", "auto_archive_duration", "applied_tags"),
                        THREADS)
                .notModelled(
                        "PATCH /channels/{channel_id}",
                        List.of("icon"),
                        "group DMs only: guild-service serves guild channels, and group DMs are not built")
                .notModelled(
                        "PATCH /channels/{channel_id}",
                        List.of("flags"),
                        "not built yet: channel flags (REQUIRE_TAG, HIDE_MEDIA_DOWNLOAD_OPTIONS) and their"
                                + " per-type rules")
                .notModelled(
                        "PATCH /guilds/{guild_id}",
                        List.of("region"),
                        "deprecated on the platform: voice regions are per channel (rtc_region)")
                .notModelled(
                        "PATCH /guilds/{guild_id}",
                        List.of("home_header"),
                        "not built yet: the guild home header image (an image upload and its storage)")
                .notModelled(
                        "POST /channels/{channel_id}/invites",
                        List.of("role_ids"),
                        "not built yet: roles granted by accepting an invite")
                .notModelled(
                        "PATCH /guilds/{guild_id}/members/{user_id}",
                        List.of("channel_id"),
                        "not built yet: issue 20 (voice); moving a member between voice channels")
                .run()
                .assertNoGaps();
    }
}
