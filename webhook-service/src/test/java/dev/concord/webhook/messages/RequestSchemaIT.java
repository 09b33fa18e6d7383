package dev.concord.webhook.messages;

import dev.concord.platform.test.schema.RequestSchemaCheck;
import dev.concord.platform.web.RouteCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every webhook-service request type compared with the platform's request schema of the same operation
 * (see {@link RequestSchemaCheck}): a field the platform validates and we do not read is listed here
 * with the reason, or it fails.
 */
class RequestSchemaIT extends MessageApiSupport {

    @Autowired
    RouteCatalog routes;

    @Autowired
    JsonMapper mapper;

    /** The layout components of the platform's later component system, which seed 002 does not name. */
    static final List<String> LAYOUT_COMPONENTS = List.of(
            "components[].accent_color",
            "components[].accessory",
            "components[].content",
            "components[].divider",
            "components[].file",
            "components[].items",
            "components[].spacing",
            "components[].spoiler");

    static final String LAYOUT_REASON = "sections, containers, text, media, files and separators: a later component"
            + " system seed 002 does not name; a component of those types is refused (type must be 1, 2 or 3)";

    /** An interaction's follow-ups and answer, through its token in the path of its application's webhook. */
    static final String FOLLOW_UP =
            "POST /webhooks/{application_id}/{interaction_token:" + InteractionTokens.PREFIX + "[A-Za-z0-9_-]*}";

    static final String ANSWER_EDIT = "PATCH /webhooks/{application_id}/{interaction_token:" + InteractionTokens.PREFIX
            + "[A-Za-z0-9_-]*}/messages/{message_id}";

    static final List<String> UNSET_EMBED_AND_VOICE_FIELDS = List.of(
            "embeds[].provider",
            "embeds[].video",
            "attachments[].duration_secs",
            "attachments[].waveform",
            "attachments[].is_remix");

    static final String UNSET_REASON = "as for a webhook's execution: an embed's provider and video are the"
            + " platform's to fill, voice messages and remix marks are not offered";

    @Test
    void requestTypesReadEveryFieldOfThePlatformsRequestSchemas() {
        RequestSchemaCheck.of("webhook-service", routes, mapper)
                .notModelled("POST /channels/{channel_id}/messages", LAYOUT_COMPONENTS, LAYOUT_REASON)
                .notModelled("PATCH /channels/{channel_id}/messages/{message_id}", LAYOUT_COMPONENTS, LAYOUT_REASON)
                .notModelled("POST /webhooks/{webhook_id}/{webhook_token}", LAYOUT_COMPONENTS, LAYOUT_REASON)
                .notModelled(
                        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                        LAYOUT_COMPONENTS,
                        LAYOUT_REASON)
                .notModelled(
                        "POST /channels/{channel_id}/threads",
                        List.of("message.shared_client_theme"),
                        "a client theme shared in a forum post's message: a client feature with no server rules to"
                                + " keep")
                .notModelled(
                        "POST /channels/{channel_id}/messages",
                        List.of("shared_client_theme"),
                        "a client theme shared in a message: a client feature with no server rules to keep")
                .notModelled(
                        "POST /channels/{channel_id}/messages",
                        List.of("embeds[].provider", "embeds[].video"),
                        "the platform fills an embed's provider and video from the link it unfurls; what a sender"
                                + " gives is ignored")
                .notModelled(
                        "PATCH /channels/{channel_id}/messages/{message_id}",
                        List.of("embeds[].provider", "embeds[].video"),
                        "the platform fills an embed's provider and video from the link it unfurls; what a sender"
                                + " gives is ignored")
                .notModelled(
                        "POST /channels/{channel_id}/messages",
                        List.of("attachments[].duration_secs", "attachments[].waveform"),
                        "voice messages: not offered here (the IS_VOICE_MESSAGE flag is refused)")
                .notModelled(
                        "POST /channels/{channel_id}/messages",
                        List.of("attachments[].is_remix"),
                        "a client's mark that an image was remixed, with no rule of the server's")
                .notModelled(
                        "POST /webhooks/{webhook_id}/{webhook_token}",
                        List.of("embeds[].provider", "embeds[].video"),
                        "the seed: every embed field may be set except type, provider, video and image sizes")
                .notModelled(
                        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                        List.of("embeds[].provider", "embeds[].video"),
                        "the seed: every embed field may be set except type, provider, video and image sizes")
                .notModelled(
                        "POST /webhooks/{webhook_id}/{webhook_token}",
                        List.of("attachments[].duration_secs", "attachments[].waveform"),
                        "a voice message's recording details: not offered here")
                .notModelled(
                        "POST /webhooks/{webhook_id}/{webhook_token}",
                        List.of("attachments[].is_remix"),
                        "a client's mark that an image was remixed, with no rule of the server's")
                .notModelled(
                        "PATCH /channels/{channel_id}/messages/{message_id}",
                        List.of("attachments[].duration_secs", "attachments[].waveform", "attachments[].is_remix"),
                        "a voice message's recording details and a remix mark: not offered here, no rule of the"
                                + " server's")
                .notModelled(
                        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                        List.of("attachments[].duration_secs", "attachments[].waveform", "attachments[].is_remix"),
                        "a voice message's recording details and a remix mark: not offered here, no rule of the"
                                + " server's")
                .notModelled(
                        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                        List.of("poll"),
                        "a poll cannot be changed once sent: the edit reads no poll (votes and the early end have"
                                + " routes of their own)")
                .notModelled(FOLLOW_UP, LAYOUT_COMPONENTS, LAYOUT_REASON)
                .notModelled(ANSWER_EDIT, LAYOUT_COMPONENTS, LAYOUT_REASON)
                .notModelled(FOLLOW_UP, UNSET_EMBED_AND_VOICE_FIELDS, UNSET_REASON)
                .notModelled(ANSWER_EDIT, UNSET_EMBED_AND_VOICE_FIELDS, UNSET_REASON)
                .notModelled(
                        FOLLOW_UP,
                        List.of("username", "avatar_url", "thread_name", "applied_tags"),
                        "an interaction's follow-up shows its application, as its answer does, in the channel of the"
                                + " interaction: no name or avatar of its own, no forum post")
                .notModelled(
                        ANSWER_EDIT,
                        List.of("poll"),
                        "a poll cannot be changed once sent: the edit reads no poll (votes and the early end have"
                                + " routes of their own)")
                .run()
                .assertNoGaps();
    }
}
