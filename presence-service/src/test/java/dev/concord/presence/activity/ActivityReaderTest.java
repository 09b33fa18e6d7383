package dev.concord.presence.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concord.platform.json.Json;
import dev.concord.platform.web.ApiException;
import dev.concord.platform.web.Violations;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every limit of the activity object, each violation named by its path. */
class ActivityReaderTest {

    private static List<Activity> read(String json, boolean bot) {
        Violations v = new Violations();
        List<Activity> activities = ActivityReader.read(Json.mapper().readTree(json), bot, v, "activities");
        v.throwIfAny();
        return activities;
    }

    /** The error codes of a refused list, by path. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> refused(String json) {
        try {
            read(json, false);
        } catch (ApiException e) {
            return (Map<String, Object>) ((Map<String, Object>) e.errors().get("activities")).get("0");
        }
        throw new AssertionError("accepted: " + json);
    }

    private static String code(Map<String, Object> errors, String... path) {
        Object node = errors;
        for (String key : path) {
            node = ((Map<?, ?>) node).get(key);
        }
        return (String) ((Map<?, ?>) ((List<?>) ((Map<?, ?>) node).get("_errors")).get(0)).get("code");
    }

    @Test
    void everyFieldWithinItsLimitIsKept() {
        Activity activity = read("""
                        [{"name": "Chess", "type": 0, "url": "https://example.com/stream", "details": "Move 12",
                          "state": "Winning", "platform": "desktop", "supported_platforms": ["desktop", "ios"],
                          "timestamps": {"start": 1695164482423, "end": "1695168082423"}, "application_id": "42",
                          "sync_id": "t1", "flags": 3, "buttons": ["Watch", "Join"],
                          "emoji": {"name": "king", "id": "7", "animated": true},
                          "party": {"id": "p1", "size": [2, 4]},
                          "assets": {"large_image": "123", "large_text": "Board", "small_image": "mp:abc", "small_text": "s"},
                          "secrets": {"join": "j", "match": "m"}, "metadata": {"button_urls": ["https://a", "https://b"]}}]""", false).get(0);

        assertThat(activity.name()).isEqualTo("Chess");
        assertThat(activity.timestamps()).isEqualTo(new Activity.Timestamps("1695164482423", "1695168082423"));
        assertThat(activity.party().size()).containsExactly(2L, 4L);
        assertThat(activity.assets().largeImage()).isEqualTo("123");
        assertThat(activity.secrets().join()).isEqualTo("j");
        assertThat(activity.shown().secrets()).isNull();
        assertThat(activity.shown().metadata()).isNull();
    }

    @Test
    void eachLimitIsRefusedByName() {
        String long129 = "x".repeat(129);
        Map<String, Object> errors = refused("[{\"name\": \"x\", \"type\": 7, \"url\": \"ftp://x\", \"details\": \""
                + long129 + "\", \"state\": \"" + long129 + "\", \"buttons\": [\"a\", \"b\", \"c\"], \"flags\": 512,"
                + " \"platform\": \"amiga\", \"party\": {\"id\": \"" + long129 + "\", \"size\": [5, 4]},"
                + " \"assets\": {\"large_image\": \"" + "y".repeat(314) + "\", \"small_text\": \"" + long129 + "\"},"
                + " \"secrets\": {\"join\": \"" + long129 + "\"}, \"emoji\": {\"id\": \"1\"}}]");

        assertThat(code(errors, "name")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(errors, "type")).isEqualTo("BASE_TYPE_CHOICES");
        assertThat(code(errors, "url")).isEqualTo("URL_TYPE_INVALID_URL");
        assertThat(code(errors, "details")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(errors, "state")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(errors, "buttons")).isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(code(errors, "flags")).isEqualTo("BASE_TYPE_BAD_FLAGS");
        assertThat(code(errors, "platform")).isEqualTo("BASE_TYPE_CHOICES");
        assertThat(code(errors, "party", "id")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(errors, "party", "size")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(errors, "assets", "large_image")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(errors, "assets", "small_text")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(errors, "secrets", "join")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(errors, "emoji", "name")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(code(
                        refused("[{\"name\": \"" + "n".repeat(129) + "\", \"type\": 0, \"url\": \"https://"
                                + "u".repeat(510) + "\"}]"),
                        "url"))
                .isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(refused("[{\"type\": 0}]"), "name")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(code(refused("[{\"name\": \"Go\"}]"), "type")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(code(refused("[{\"name\": \"Go\", \"type\": \"0\"}]"), "type"))
                .isEqualTo("NUMBER_TYPE_COERCE");
    }

    @Test
    void aCustomStatusIsNamedByTheServerAndExternalImagesAreProxied() {
        Activity custom = read("[{\"type\": 4, \"state\": \"brb\", \"emoji\": {\"name\": \"x\"}}]", false)
                .get(0);
        assertThat(custom.name()).isEqualTo("Custom Status");

        Activity pictured = read(
                        "[{\"name\": \"Art\", \"type\": 0, \"assets\": {\"large_image\": \"https://cdn.example.com/a.png\"}}]",
                        false)
                .get(0);
        assertThat(pictured.assets().largeImage())
                .matches("mp:external/[A-Za-z0-9_-]{43}/https/cdn\\.example\\.com/a\\.png");
    }

    @Test
    void botsSendOnlyNameTypeStateAndUrlAndNoHangStatus() {
        Activity activity = read(
                        "[{\"name\": \"Helping\", \"type\": 3, \"state\": \"s\", \"details\": \"d\", \"flags\": 1,"
                                + " \"secrets\": {\"join\": \"j\"}}]",
                        true)
                .get(0);
        assertThat(activity.state()).isEqualTo("s");
        assertThat(activity.details()).isNull();
        assertThat(activity.flags()).isNull();
        assertThat(activity.secrets()).isNull();
        assertThatThrownBy(() -> read("[{\"name\": \"Hang\", \"type\": 6}]", true))
                .isInstanceOf(ApiException.class);
        assertThat(read("[{\"type\": 6, \"state\": \"chilling\"}]", false)
                        .get(0)
                        .name())
                .isEqualTo("Hang Status");
    }

    @Test
    void atMostTenActivities() {
        String eleven =
                "[" + String.join(", ", java.util.Collections.nCopies(11, "{\"name\": \"Go\", \"type\": 0}")) + "]";
        assertThatThrownBy(() -> read(eleven, false)).isInstanceOf(ApiException.class);
    }
}
