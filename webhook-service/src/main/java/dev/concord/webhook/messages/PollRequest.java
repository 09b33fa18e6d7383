package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.web.Violations;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A message's poll as it is sent, with the platform's limits: a question of 1-300 characters (text only),
 * 1-10 answers of 1-55 characters each with an optional emoji, open 1-768 hours (24 unless told), one
 * answer per person unless {@code allow_multiselect}, the one layout there is.
 */
record PollRequest(
        @Nullable Media question,
        @Nullable List<Answer> answers,
        @Nullable Integer duration,
        @Nullable Boolean allowMultiselect,
        @Nullable Integer layoutType) {

    static final int MAX_QUESTION = 300;
    static final int MAX_ANSWER = 55;
    static final int MAX_ANSWERS = 10;
    static final int MAX_HOURS = 768;
    static final int DEFAULT_HOURS = 24;
    static final int DEFAULT_LAYOUT = 1;
    private static final int MAX_EMOJI_NAME = 32;

    /** A question's or an answer's text and emoji (a custom emoji's id, or a Unicode one's name). */
    record Media(@Nullable String text, @Nullable Emoji emoji) {}

    record Emoji(
            @Nullable Snowflake id,
            @Nullable String name,
            @Nullable Boolean animated) {}

    record Answer(@Nullable Media pollMedia) {}

    void validate(Violations v) {
        v.required("question", question);
        if (question != null) {
            v.at("question").required("text", question.text()).length("text", question.text(), 1, MAX_QUESTION);
            if (question.emoji() != null) {
                v.at("question").add("emoji", "POLL_QUESTION_EMOJI", "A poll's question takes text only.");
            }
        }
        v.required("answers", answers);
        if (answers != null) {
            if (answers.isEmpty()) {
                v.add("answers", "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.");
            }
            v.maxItems("answers", answers, MAX_ANSWERS);
            for (int i = 0; i < answers.size(); i++) {
                Violations at = v.at("answers").at(i);
                Answer answer = answers.get(i);
                Media media = answer == null ? null : answer.pollMedia();
                at.required("poll_media", media);
                if (media != null) {
                    at.at("poll_media").required("text", media.text()).length("text", media.text(), 1, MAX_ANSWER);
                    emoji(at.at("poll_media"), media.emoji());
                }
            }
        }
        v.range("duration", duration, 1, MAX_HOURS);
        v.oneOf("layout_type", layoutType, Set.of(DEFAULT_LAYOUT));
    }

    private static void emoji(Violations at, @Nullable Emoji emoji) {
        if (emoji == null) {
            return;
        }
        if (emoji.id() == null && (emoji.name() == null || emoji.name().isBlank())) {
            at.add("emoji", "POLL_EMOJI_INVALID", "An emoji needs its id or its name.");
        }
        at.at("emoji").length("name", emoji.name(), 0, MAX_EMOJI_NAME);
    }

    /**
     * The poll as stored: answers numbered from 1 in their order, the expiry {@code duration} hours from
     * {@code now}. Votes are kept apart and counted when the poll is read.
     */
    ObjectNode stored(JsonMapper mapper, Instant now) {
        ObjectNode poll = mapper.createObjectNode();
        poll.set("question", media(mapper, Objects.requireNonNull(question)));
        ArrayNode stored = poll.putArray("answers");
        List<Answer> given = Objects.requireNonNull(answers);
        for (int i = 0; i < given.size(); i++) {
            ObjectNode answer = stored.addObject();
            answer.put("answer_id", i + 1);
            answer.set(
                    "poll_media",
                    media(mapper, Objects.requireNonNull(given.get(i).pollMedia())));
        }
        int hours = duration == null ? DEFAULT_HOURS : duration;
        poll.put("expiry", now.plus(Duration.ofHours(hours)).toString());
        poll.put("allow_multiselect", Boolean.TRUE.equals(allowMultiselect));
        poll.put("layout_type", layoutType == null ? DEFAULT_LAYOUT : layoutType);
        return poll;
    }

    private static ObjectNode media(JsonMapper mapper, Media media) {
        ObjectNode node = mapper.createObjectNode();
        node.put("text", media.text());
        Emoji emoji = media.emoji();
        if (emoji != null) {
            ObjectNode shown = node.putObject("emoji");
            if (emoji.id() == null) {
                shown.putNull("id");
            } else {
                shown.put("id", emoji.id().asString());
            }
            shown.put("name", emoji.name());
            if (emoji.animated() != null) {
                shown.put("animated", emoji.animated());
            }
        }
        return node;
    }
}
