package dev.concord.social.settings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.json.Json;
import dev.concord.social.Resources;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Reading stored documents over the defaults, and which fields a PATCH really changes. */
class SettingsMergeTest {

    static final Instant NOW = UserSettingsModifyRequestTest.NOW;
    /** What clients read but may not write. */
    static final Set<String> READ_ONLY = Set.of(
            "allow_activity_party_privacy_friends", "allow_activity_party_privacy_voice_channel", "view_nsfw_commands");

    final JsonMapper json = Json.mapper();
    final SettingsMerge merge = new SettingsMerge(json);

    JsonNode tree(Object value) {
        return json.valueToTree(value);
    }

    SettingsMerge.Changes patch(UserSettingsData current, String body) {
        return merge.apply(current, UserSettingsModifyRequestTest.parse(body).checked(NOW));
    }

    @Test
    void nothingStoredReadsAsTheDefaults() {
        assertThat(tree(merge.read("{}", NOW))).isEqualTo(json.readTree(Resources.text("/settings/defaults.json")));
    }

    @Test
    void storedFieldsOverlayTheDefaultsAndUnknownOnesAreIgnored() {
        UserSettingsData settings =
                merge.read("{\"theme\": \"light\", \"afk_timeout\": 300, \"retired_setting\": 1}", NOW);

        assertThat(settings.theme()).isEqualTo("light");
        assertThat(settings.afkTimeout()).isEqualTo(300);
        assertThat(settings.locale()).isEqualTo("en-US");
    }

    @Test
    void anExpiredCustomStatusReadsAsNone() {
        String stored = "{\"custom_status\": {\"text\": \"brb\", \"expires_at\": \"2025-12-31T23:59:59Z\"}}";
        String later = "{\"custom_status\": {\"text\": \"brb\", \"expires_at\": \"2026-01-01T00:00:01Z\"}}";

        assertThat(merge.read(stored, NOW).customStatus()).isNull();
        assertThat(merge.read(later, NOW).customStatus().text()).isEqualTo("brb");
    }

    @Test
    void changedHoldsOnlyTheFieldsWhoseValueChanged() {
        SettingsMerge.Changes changes = patch(
                UserSettingsData.DEFAULTS,
                "{\"theme\": \"light\", \"afk_timeout\": 600, \"locale\": \"en-US\", \"developer_mode\": true}");

        assertThat(changes.changed()).isEqualTo(json.readTree("{\"theme\": \"light\", \"developer_mode\": true}"));
        assertThat(changes.settings().theme()).isEqualTo("light");
        assertThat(changes.settings().afkTimeout()).isEqualTo(600);
    }

    @Test
    void sendingEverythingAsItIsChangesNothing() {
        UserSettingsData current = merge.read(
                "{\"guild_folders\": [{\"guild_ids\": [\"1\"], \"id\": 3, \"name\": null, \"color\": 5}]}", NOW);
        ObjectNode everything = json.valueToTree(current);
        String body = json.writeValueAsString(everything.without(READ_ONLY));

        assertThat(patch(current, body).none()).isTrue();
    }

    @Test
    void nullClearsTheCustomStatusAndAnEmptyOneIsNone() {
        UserSettingsData current = patch(UserSettingsData.DEFAULTS, "{\"custom_status\": {\"text\": \"hi\"}}")
                .settings();

        assertThat(patch(current, "{\"custom_status\": null}").changed())
                .isEqualTo(json.readTree("{\"custom_status\": null}"));
        assertThat(patch(current, "{\"custom_status\": {\"text\": \"\"}}").changed())
                .isEqualTo(json.readTree("{\"custom_status\": null}"));
        assertThat(patch(UserSettingsData.DEFAULTS, "{\"custom_status\": {}}").none())
                .isTrue();
    }

    @Test
    void aCustomStatusIsReplacedWholeAndItsExpiryKeptInUtc() {
        UserSettingsData current = patch(
                        UserSettingsData.DEFAULTS, "{\"custom_status\": {\"text\": \"hi\", \"emoji_name\": \"🔥\"}}")
                .settings();

        SettingsMerge.Changes changes = patch(
                current, "{\"custom_status\": {\"text\": \"hi\", \"expires_at\": \"2026-01-01T03:00:00+02:00\"}}");

        assertThat(changes.changed()).isEqualTo(json.readTree("""
                {"custom_status": {"text": "hi", "emoji_id": null, "emoji_name": null, "expires_at": "2026-01-01T01:00:00Z"}}"""));
        assertThat(patch(
                                changes.settings(),
                                "{\"custom_status\": {\"text\": \"hi\", \"expires_at\": \"2026-01-01T01:00:00Z\"}}")
                        .none())
                .isTrue();
    }

    @Test
    void friendSourceFlagsKeepOnlyTheTrueOnes() {
        SettingsMerge.Changes changes = patch(
                UserSettingsData.DEFAULTS,
                "{\"friend_source_flags\": {\"all\": false, \"mutual_friends\": true, \"mutual_guilds\": false}}");

        assertThat(changes.changed()).isEqualTo(json.readTree("{\"friend_source_flags\": {\"mutual_friends\": true}}"));
        assertThat(patch(
                                UserSettingsData.DEFAULTS,
                                "{\"friend_source_flags\": {\"all\": true, \"mutual_guilds\": false}}")
                        .none())
                .isTrue();
    }

    @Test
    void listsAreReplacedWholeAndIdsWrittenAsStrings() {
        UserSettingsData current = patch(UserSettingsData.DEFAULTS, "{\"restricted_guilds\": [\"1\", 2]}")
                .settings();

        SettingsMerge.Changes changes =
                patch(current, "{\"restricted_guilds\": [2], \"guild_folders\": [{\"guild_ids\": [\"7\"]}]}");

        assertThat(changes.changed()).isEqualTo(json.readTree("""
                {"guild_folders": [{"color": null, "guild_ids": ["7"], "id": null, "name": null}], "restricted_guilds": ["2"]}"""));
    }

    @Test
    void aStoredDocumentOfChangesReadsBackAsTheMergedSettings() {
        SettingsMerge.Changes changes = patch(
                UserSettingsData.DEFAULTS,
                "{\"status\": \"dnd\", \"guild_folders\": [{\"guild_ids\": [\"7\", \"8\"], \"id\": 99, \"name\": \"Work\", \"color\": 255}]}");

        assertThat(merge.read(merge.write(changes.changed()), NOW)).isEqualTo(changes.settings());
    }
}
