package dev.concord.guild.automod;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.guild.guilds.GuildApiSupport;
import dev.concord.platform.auth.InternalCredential;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.platform.test.TestTokenKeys;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.JsonNode;

/** A guild's auto moderation rules through HTTP: the rule object, its events, every limit and refusal. */
class AutoModerationRuleIT extends GuildApiSupport {

    private static final String NOT_FOUND = "{\"message\": \"404: Not Found\", \"code\": 0}";

    /** A guild with its owner, a text channel, a voice channel and a role. */
    private record Guild(String id, Snowflake owner, String text, String voice, String role) {
        String rules() {
            return "/guilds/" + id + "/auto-moderation/rules";
        }
    }

    @Test
    void managersMakeReadChangeAndDeleteRulesAndEachChangeIsAnEvent() {
        Guild guild = newGuild();
        Response created = as(guild.owner(), HttpMethod.POST, guild.rules(), """
                {"name": "No cats", "event_type": 1, "trigger_type": 1,
                 "trigger_metadata": {"keyword_filter": ["cat*", "*dog"], "regex_patterns": ["(b|c)at"],
                                      "presets": [1], "mention_total_limit": 3},
                 "actions": [{"type": 1, "metadata": {"custom_message": "Not here.", "channel_id": "%s"}},
                             {"type": 2, "metadata": {"channel_id": "%s"}},
                             {"type": 3, "metadata": {"duration_seconds": 60}}],
                 "exempt_roles": ["%s", "%s"], "exempt_channels": ["%s"]}""".formatted(
                        guild.text(), guild.text(), guild.role(), guild.role(), guild.voice()));
        assertThat(created.status()).as("%s", created.body()).isEqualTo(200);
        JsonNode rule = created.body();
        String id = rule.get("id").asString();
        assertThat(rule).isEqualTo(json("""
                {"id": "%s", "guild_id": "%s", "name": "No cats", "creator_id": "%s", "event_type": 1,
                 "trigger_type": 1,
                 "trigger_metadata": {"keyword_filter": ["cat*", "*dog"], "regex_patterns": ["(b|c)at"], "allow_list": []},
                 "actions": [{"type": 1, "metadata": {"custom_message": "Not here."}},
                             {"type": 2, "metadata": {"channel_id": "%s"}},
                             {"type": 3, "metadata": {"duration_seconds": 60}}],
                 "enabled": false, "exempt_roles": ["%s"], "exempt_channels": ["%s"]}""".formatted(
                        id, guild.id(), guild.owner().asString(), guild.text(), guild.role(), guild.voice())));
        assertThat(count(
                        "SELECT count(*) FROM auto_moderation_rules WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isEqualTo(1);
        JsonNode createEvent = awaitEvent("AUTO_MODERATION_RULE_CREATE", guild.id());
        assertThat(createEvent.get("data")).isEqualTo(rule);
        assertThat(createEvent.get("audience"))
                .isEqualTo(json(
                        "{\"guild_id\": \"%s\", \"required_permission\": \"MANAGE_GUILD\"}".formatted(guild.id())));

        assertThat(get(guild.owner(), guild.rules()).body()).isEqualTo(json("[" + rule + "]"));
        assertThat(get(guild.owner(), guild.rules() + "/" + id).body()).isEqualTo(rule);

        Response changed = as(guild.owner(), HttpMethod.PATCH, guild.rules() + "/" + id, """
                {"name": "No dogs", "enabled": true, "trigger_type": 1, "trigger_metadata": {"allow_list": ["hotdog"]},
                 "exempt_roles": null}""");
        assertThat(changed.status()).as("%s", changed.body()).isEqualTo(200);
        assertThat(changed.body().get("name").asString()).isEqualTo("No dogs");
        assertThat(changed.body().get("enabled").asBoolean()).isTrue();
        assertThat(changed.body().get("trigger_metadata"))
                .as("the metadata is replaced whole")
                .isEqualTo(json("{\"keyword_filter\": [], \"regex_patterns\": [], \"allow_list\": [\"hotdog\"]}"));
        assertThat(changed.body().get("exempt_roles")).isEqualTo(json("[]"));
        assertThat(changed.body().get("actions")).as("left out, kept").isEqualTo(rule.get("actions"));
        assertThat(awaitEvent("AUTO_MODERATION_RULE_UPDATE", guild.id()).get("data"))
                .isEqualTo(changed.body());
        assertThat(get(guild.owner(), guild.rules() + "/" + id).body()).isEqualTo(changed.body());

        assertThat(as(guild.owner(), HttpMethod.DELETE, guild.rules() + "/" + id, null)
                        .status())
                .isEqualTo(204);
        assertThat(awaitEvent("AUTO_MODERATION_RULE_DELETE", guild.id()).get("data"))
                .isEqualTo(changed.body());
        Response gone = get(guild.owner(), guild.rules() + "/" + id);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.body()).isEqualTo(json(NOT_FOUND));
        assertThat(as(guild.owner(), HttpMethod.DELETE, guild.rules() + "/" + id, null)
                        .status())
                .isEqualTo(404);
        assertThat(get(guild.owner(), guild.rules()).body()).isEqualTo(json("[]"));
    }

    @Test
    void onlyMembersWhoManageTheGuildReachItsRules() {
        Guild guild = newGuild();
        String id = idOf(create(guild, keywordRule("Rule", "[{\"type\": 1}]")));
        Snowflake member = newUser("member");
        addMember(guild.id(), member);
        Snowflake stranger = newUser("stranger");
        String rule = guild.rules() + "/" + id;

        for (Snowflake caller : new Snowflake[] {member, stranger}) {
            int code = caller == member ? 50013 : 50001;
            assertThat(get(caller, guild.rules()).body().get("code").asInt()).isEqualTo(code);
            assertThat(get(caller, rule).body().get("code").asInt()).isEqualTo(code);
            assertThat(as(caller, HttpMethod.POST, guild.rules(), keywordRule("Mine", "[{\"type\": 1}]"))
                            .body()
                            .get("code")
                            .asInt())
                    .isEqualTo(code);
            assertThat(as(caller, HttpMethod.PATCH, rule, "{\"name\": \"Mine\"}")
                            .status())
                    .isEqualTo(403);
            assertThat(as(caller, HttpMethod.DELETE, rule, null).status()).isEqualTo(403);
            assertThat(as(caller, HttpMethod.POST, guild.rules() + "/validate", "{\"trigger_metadata\": {}}")
                            .status())
                    .isEqualTo(403);
        }
        assertThat(call(HttpMethod.GET, guild.rules(), null, null).status()).isEqualTo(401);
        assertThat(call(HttpMethod.POST, guild.rules(), null, keywordRule("X", "[{\"type\": 1}]"))
                        .status())
                .isEqualTo(401);
        Response unknownGuild = get(guild.owner(), "/guilds/1234567890123/auto-moderation/rules");
        assertThat(unknownGuild.body()).isEqualTo(json("{\"message\": \"Unknown Guild\", \"code\": 10004}"));
        assertThat(get(guild.owner(), guild.rules() + "/1234567890123").body()).isEqualTo(json(NOT_FOUND));

        Snowflake manager = newUser("manager");
        addMember(guild.id(), manager, addRole(guild.id(), 1, Permission.MANAGE_GUILD.bit()));
        assertThat(as(manager, HttpMethod.PATCH, rule, "{\"name\": \"Managed\"}")
                        .status())
                .isEqualTo(200);
        assertThat(count(
                        "SELECT count(*) FROM auto_moderation_rules WHERE guild_id = :id AND name = 'Mine'",
                        Snowflake.parse(guild.id())))
                .as("no refused call made a rule")
                .isZero();
    }

    @Test
    void timeoutsAndQuarantinesNeedModerateMembersToo() {
        Guild guild = newGuild();
        Snowflake manager = newUser("manager");
        addMember(guild.id(), manager, addRole(guild.id(), 1, Permission.MANAGE_GUILD.bit()));
        String timeout = "[{\"type\": 3, \"metadata\": {\"duration_seconds\": 60}}]";

        Response refused = as(manager, HttpMethod.POST, guild.rules(), keywordRule("Timeout", timeout));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body()).isEqualTo(json("{\"message\": \"Missing Permissions\", \"code\": 50013}"));
        Response quarantine = as(manager, HttpMethod.POST, guild.rules(), """
                {"name": "Names", "event_type": 2, "trigger_type": 6, "trigger_metadata": {"keyword_filter": ["spam"]},
                 "actions": [{"type": 4}]}""");
        assertThat(quarantine.status()).isEqualTo(403);
        assertThat(count(
                        "SELECT count(*) FROM auto_moderation_rules WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isZero();

        String id = idOf(as(manager, HttpMethod.POST, guild.rules(), keywordRule("Block", "[{\"type\": 1}]")));
        assertThat(as(manager, HttpMethod.PATCH, guild.rules() + "/" + id, "{\"actions\": " + timeout + "}")
                        .status())
                .isEqualTo(403);

        Snowflake moderator = newUser("moderator");
        addMember(
                guild.id(),
                moderator,
                addRole(guild.id(), 2, Permission.MANAGE_GUILD.bit() | Permission.MODERATE_MEMBERS.bit()));
        assertThat(as(moderator, HttpMethod.PATCH, guild.rules() + "/" + id, "{\"actions\": " + timeout + "}")
                        .status())
                .isEqualTo(200);
        JsonNode profile = as(moderator, HttpMethod.POST, guild.rules(), """
                {"name": "Names", "event_type": 2, "trigger_type": 6, "trigger_metadata": {"regex_patterns": ["^x+$"]},
                 "actions": [{"type": 4, "metadata": {"duration_seconds": 5}}]}""").body();
        assertThat(profile.get("creator_id").asString()).isEqualTo(moderator.asString());
        assertThat(profile.get("actions")).isEqualTo(json("[{\"type\": 4, \"metadata\": {}}]"));
        assertThat(profile.get("trigger_metadata"))
                .isEqualTo(json("{\"keyword_filter\": [], \"regex_patterns\": [\"^x+$\"], \"allow_list\": []}"));
    }

    @Test
    void aGuildHasSixKeywordRulesAndOneOfEachOtherTrigger() {
        Guild guild = newGuild();
        for (int i = 0; i < 6; i++) {
            assertThat(create(guild, keywordRule("Keywords " + i, "[{\"type\": 1}]"))
                            .status())
                    .isEqualTo(200);
        }
        Response seventh = create(guild, keywordRule("Keywords 7", "[{\"type\": 1}]"));
        assertThat(seventh.status()).isEqualTo(400);
        assertThat(seventh.body().at("/errors/trigger_type/_errors/0")).isEqualTo(json("""
                {"code": "AUTO_MODERATION_MAX_RULES_OF_TYPE_EXCEEDED",
                 "message": "Maximum number of rules with trigger type 1 is 6"}"""));

        String alert = "[{\"type\": 2, \"metadata\": {\"channel_id\": \"" + guild.text() + "\"}}]";
        String[] others = {
            "{\"name\": \"Spam\", \"event_type\": 1, \"trigger_type\": 3, \"actions\": [{\"type\": 1}]}",
            "{\"name\": \"Presets\", \"event_type\": 1, \"trigger_type\": 4,"
                    + " \"trigger_metadata\": {\"presets\": [1, 3, 1]}, \"actions\": [{\"type\": 1}]}",
            "{\"name\": \"Mentions\", \"event_type\": 1, \"trigger_type\": 5,"
                    + " \"trigger_metadata\": {\"mention_total_limit\": 5}, \"actions\": [{\"type\": 1}]}",
            "{\"name\": \"Profiles\", \"event_type\": 2, \"trigger_type\": 6,"
                    + " \"trigger_metadata\": {\"keyword_filter\": [\"x\"]}, \"actions\": " + alert + "}",
            "{\"name\": \"Policy\", \"event_type\": 1, \"trigger_type\": 7, \"actions\": " + alert + "}"
        };
        for (String body : others) {
            Response first = create(guild, body);
            assertThat(first.status()).as("%s", first.body()).isEqualTo(200);
            Response second = create(guild, body);
            assertThat(second.status()).isEqualTo(400);
            assertThat(second.body().at("/errors/trigger_type/_errors/0/code").asString())
                    .isEqualTo("AUTO_MODERATION_MAX_RULES_OF_TYPE_EXCEEDED");
        }
        JsonNode rules = get(guild.owner(), guild.rules()).body();
        assertThat(rules.size()).isEqualTo(11);
        assertThat(metadataOf(rules, 3)).isEqualTo(json("{}"));
        assertThat(metadataOf(rules, 4)).isEqualTo(json("{\"presets\": [1, 3], \"allow_list\": []}"));
        assertThat(metadataOf(rules, 5))
                .isEqualTo(json("{\"mention_total_limit\": 5, \"mention_raid_protection_enabled\": false}"));
        assertThat(metadataOf(rules, 7)).isEqualTo(json("{}"));
    }

    @Test
    void everyFieldIsCheckedAndNamedAndARefusedRequestChangesNothing() {
        Guild guild = newGuild();
        String tooMany = "\"k\",".repeat(1000) + "\"" + "x".repeat(61) + "\"";
        Response shapes = create(guild, """
                {"name": "%s", "event_type": 2, "trigger_type": 1,
                 "trigger_metadata": {"keyword_filter": [%s], "regex_patterns": ["ok", "(a)\\\\1", "(?=x)", ""],
                                      "allow_list": [%s]},
                 "actions": [{"type": 3, "metadata": {"duration_seconds": 2419201}}, {"type": 4}, {"type": 2},
                             {"type": 1, "metadata": {"custom_message": "%s"}}, {"type": 9}, {"type": 1}],
                 "exempt_roles": [%s], "exempt_channels": [null]}""".formatted(
                        "n".repeat(101),
                        tooMany,
                        "\"a\",".repeat(100) + "\"b\"",
                        "m".repeat(151),
                        "\"1\",".repeat(20) + "\"1\""));
        assertThat(shapes.status()).isEqualTo(400);
        JsonNode errors = shapes.body().get("errors");
        assertThat(shapes.body().get("code").asInt()).isEqualTo(50035);
        assertThat(code(errors, "/name")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(errors, "/event_type")).isEqualTo("AUTO_MODERATION_INVALID_EVENT_TYPE");
        assertThat(code(errors, "/trigger_metadata/keyword_filter")).isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(code(errors, "/trigger_metadata/keyword_filter/1000")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(errors.at("/trigger_metadata/regex_patterns/0").isMissingNode())
                .isTrue();
        assertThat(code(errors, "/trigger_metadata/regex_patterns/1")).isEqualTo("AUTO_MODERATION_INVALID_REGEX");
        assertThat(code(errors, "/trigger_metadata/regex_patterns/2")).isEqualTo("AUTO_MODERATION_INVALID_REGEX");
        assertThat(code(errors, "/trigger_metadata/regex_patterns/3")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(errors, "/trigger_metadata/allow_list")).isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(code(errors, "/actions")).isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(code(errors, "/actions/0/metadata/duration_seconds")).isEqualTo("NUMBER_TYPE_MAX");
        assertThat(code(errors, "/actions/1/type")).isEqualTo("AUTO_MODERATION_INVALID_ACTION_TYPE");
        assertThat(code(errors, "/actions/2/metadata/channel_id")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(code(errors, "/actions/3/metadata/custom_message")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        assertThat(code(errors, "/actions/4/type")).isEqualTo("BASE_TYPE_CHOICES");
        assertThat(code(errors, "/exempt_roles")).isEqualTo("BASE_TYPE_MAX_LENGTH");
        assertThat(code(errors, "/exempt_channels/0")).isEqualTo("BASE_TYPE_REQUIRED");

        Response missing = create(guild, "{\"trigger_type\": 2}");
        assertThat(code(missing.body().get("errors"), "/name")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(code(missing.body().get("errors"), "/event_type")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(code(missing.body().get("errors"), "/actions")).isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(code(missing.body().get("errors"), "/trigger_type"))
                .as("HARMFUL_LINK (2) is gone")
                .isEqualTo("BASE_TYPE_CHOICES");

        Response compatibility = create(guild, """
                {"name": "Mentions", "event_type": 1, "trigger_type": 5, "trigger_metadata": {"mention_total_limit": 51},
                 "actions": []}""");
        assertThat(code(compatibility.body().get("errors"), "/trigger_metadata/mention_total_limit"))
                .isEqualTo("NUMBER_TYPE_MAX");
        assertThat(code(compatibility.body().get("errors"), "/actions")).isEqualTo("BASE_TYPE_MIN_LENGTH");
        Response policy = create(guild, """
                {"name": "Policy", "event_type": 1, "trigger_type": 7, "actions": [{"type": 1}]}""");
        assertThat(code(policy.body().get("errors"), "/actions/0/type"))
                .isEqualTo("AUTO_MODERATION_INVALID_ACTION_TYPE");
        Response profile = create(guild, """
                {"name": "Profiles", "event_type": 1, "trigger_type": 6, "trigger_metadata": {},
                 "actions": [{"type": 3, "metadata": {"duration_seconds": 1}}], "exempt_channels": ["%s"]}""".formatted(guild.text()));
        assertThat(code(profile.body().get("errors"), "/event_type")).isEqualTo("AUTO_MODERATION_INVALID_EVENT_TYPE");
        assertThat(code(profile.body().get("errors"), "/actions/0/type"))
                .isEqualTo("AUTO_MODERATION_INVALID_ACTION_TYPE");
        assertThat(code(profile.body().get("errors"), "/exempt_channels"))
                .isEqualTo("AUTO_MODERATION_EXEMPT_CHANNELS_INVALID");
        Response presets = create(guild, """
                {"name": "Presets", "event_type": 1, "trigger_type": 4, "actions": [{"type": 1}]}""");
        assertThat(code(presets.body().get("errors"), "/trigger_metadata")).isEqualTo("BASE_TYPE_REQUIRED");
        Response badPreset = create(guild, """
                {"name": "Presets", "event_type": 1, "trigger_type": 4, "actions": [{"type": 1}],
                 "trigger_metadata": {"presets": [4], "allow_list": [%s]}}""".formatted("\"a\",".repeat(1000) + "\"b\""));
        assertThat(code(badPreset.body().get("errors"), "/trigger_metadata/presets/0"))
                .isEqualTo("BASE_TYPE_CHOICES");
        assertThat(code(badPreset.body().get("errors"), "/trigger_metadata/allow_list"))
                .as("a preset rule allows 1000 words")
                .isEqualTo("BASE_TYPE_MAX_LENGTH");

        Response foreign = create(guild, """
                {"name": "Foreign", "event_type": 1, "trigger_type": 1, "trigger_metadata": {},
                 "actions": [{"type": 2, "metadata": {"channel_id": "%s"}}],
                 "exempt_roles": ["1234567890123"], "exempt_channels": ["%s", "1234567890123"]}""".formatted(guild.voice(), guild.text()));
        assertThat(foreign.status()).isEqualTo(400);
        assertThat(code(foreign.body().get("errors"), "/exempt_roles/0")).isEqualTo("UNKNOWN_ROLE");
        assertThat(code(foreign.body().get("errors"), "/exempt_channels/1")).isEqualTo("UNKNOWN_CHANNEL");
        assertThat(code(foreign.body().get("errors"), "/actions/0/metadata/channel_id"))
                .isEqualTo("CHANNEL_INVALID");
        assertThat(count(
                        "SELECT count(*) FROM auto_moderation_rules WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .as("nothing refused was stored")
                .isZero();
        assertThat(eventsAbout("AUTO_MODERATION_RULE_CREATE", guild.id())).isEmpty();
    }

    @Test
    void aChangeIsCheckedAgainstTheRulesOwnTriggerAndARefusedOneChangesNothing() {
        Guild guild = newGuild();
        JsonNode rule = create(guild, """
                {"name": "Mentions", "event_type": 1, "trigger_type": 5, "enabled": true,
                 "trigger_metadata": {"mention_total_limit": 10, "mention_raid_protection_enabled": true},
                 "actions": [{"type": 1}]}""").body();
        String path = guild.rules() + "/" + rule.get("id").asString();

        Response refused = as(guild.owner(), HttpMethod.PATCH, path, """
                {"name": "", "trigger_type": 1, "event_type": 2, "trigger_metadata": {"mention_total_limit": 60},
                 "actions": [{"type": 4}], "exempt_channels": ["%s"]}""".formatted(guild.text()));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(code(refused.body().get("errors"), "/name")).isEqualTo("BASE_TYPE_BAD_LENGTH");
        Response typed = as(guild.owner(), HttpMethod.PATCH, path, """
                {"trigger_type": 1, "event_type": 2, "trigger_metadata": {"mention_total_limit": 60},
                 "actions": [{"type": 4}]}""");
        JsonNode errors = typed.body().get("errors");
        assertThat(code(errors, "/trigger_type")).isEqualTo("AUTO_MODERATION_TRIGGER_TYPE_IMMUTABLE");
        assertThat(code(errors, "/event_type")).isEqualTo("AUTO_MODERATION_INVALID_EVENT_TYPE");
        assertThat(code(errors, "/trigger_metadata/mention_total_limit")).isEqualTo("NUMBER_TYPE_MAX");
        assertThat(code(errors, "/actions/0/type")).isEqualTo("AUTO_MODERATION_INVALID_ACTION_TYPE");
        assertThat(code(
                        as(guild.owner(), HttpMethod.PATCH, path, "{\"trigger_metadata\": {}}")
                                .body()
                                .get("errors"),
                        "/trigger_metadata/mention_total_limit"))
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(as(guild.owner(), HttpMethod.PATCH, path, "{\"exempt_roles\": [\"1234567890123\"]}")
                        .status())
                .isEqualTo(400);
        assertThat(get(guild.owner(), path).body()).as("refused, unchanged").isEqualTo(rule);
        assertThat(eventsAbout("AUTO_MODERATION_RULE_UPDATE", guild.id())).isEmpty();

        JsonNode same = as(guild.owner(), HttpMethod.PATCH, path, "{\"name\": \"Mentions\"}")
                .body();
        assertThat(same).isEqualTo(rule);
        assertThat(eventsAbout("AUTO_MODERATION_RULE_UPDATE", guild.id()))
                .as("nothing changed, nothing published")
                .isEmpty();
    }

    @Test
    void validationAnswersTheMetadataNormalisedWithoutATriggerType() {
        Guild guild = newGuild();
        String validate = guild.rules() + "/validate";
        Response valid = as(guild.owner(), HttpMethod.POST, validate, """
                {"trigger_metadata": {"keyword_filter": ["cat"], "presets": [2, 2, 1], "regex_patterns": null,
                                      "allow_list": [%s], "mention_total_limit": 50}}""".formatted("\"a\",".repeat(500) + "\"b\""));
        assertThat(valid.status()).as("%s", valid.body()).isEqualTo(200);
        JsonNode metadata = valid.body().get("trigger_metadata");
        assertThat(metadata.get("keyword_filter")).isEqualTo(json("[\"cat\"]"));
        assertThat(metadata.get("presets")).isEqualTo(json("[2, 1]"));
        assertThat(metadata.has("regex_patterns")).isFalse();
        assertThat(metadata.get("allow_list").size())
                .as("without a type, the largest allow list any rule keeps")
                .isEqualTo(501);
        assertThat(metadata.get("mention_total_limit").asInt()).isEqualTo(50);

        Response refused = as(guild.owner(), HttpMethod.POST, validate, """
                {"trigger_metadata": {"regex_patterns": ["(a)\\\\1", "(?=x)"], "presets": [0]}}""");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(code(refused.body().get("errors"), "/trigger_metadata/regex_patterns/0"))
                .isEqualTo("AUTO_MODERATION_INVALID_REGEX");
        assertThat(code(refused.body().get("errors"), "/trigger_metadata/regex_patterns/1"))
                .isEqualTo("AUTO_MODERATION_INVALID_REGEX");
        assertThat(code(refused.body().get("errors"), "/trigger_metadata/presets/0"))
                .isEqualTo("BASE_TYPE_CHOICES");
        assertThat(code(
                        as(guild.owner(), HttpMethod.POST, validate, "{}")
                                .body()
                                .get("errors"),
                        "/trigger_metadata"))
                .isEqualTo("BASE_TYPE_REQUIRED");
        assertThat(count(
                        "SELECT count(*) FROM auto_moderation_rules WHERE guild_id = :id", Snowflake.parse(guild.id())))
                .isZero();
    }

    @Test
    void theEnforcingServiceReadsAGuildsEnabledRules() {
        Guild guild = newGuild();
        create(guild, keywordRule("Off", "[{\"type\": 1}]"));
        JsonNode on = create(guild, """
                {"name": "On", "event_type": 1, "trigger_type": 3, "enabled": true, "actions": [{"type": 1}]}""").body();
        String internal = InternalCredential.header(TestTokenKeys.internalSecret());
        String path = "/internal/guilds/" + guild.id() + "/auto-moderation/rules";

        assertThat(call(HttpMethod.GET, path, internal, null).body()).isEqualTo(json("[" + on + "]"));
        assertThat(call(HttpMethod.GET, path, userToken(guild.owner()), null).status())
                .as("people's tokens do not open internal routes")
                .isEqualTo(401);
        assertThat(call(HttpMethod.GET, "/internal/guilds/1234567890123/auto-moderation/rules", internal, null)
                        .body()
                        .get("code")
                        .asInt())
                .isEqualTo(10004);
    }

    private Guild newGuild() {
        Snowflake owner = newUser("owner");
        String id = idOf(createGuild(owner, "{\"name\": \"Moderated\"}"));
        JsonNode channels = get(owner, "/guilds/" + id + "/channels").body();
        String role = idOf(as(owner, HttpMethod.POST, "/guilds/" + id + "/roles", "{\"name\": \"trusted\"}"));
        return new Guild(id, owner, channelOfType(channels, 0), channelOfType(channels, 2), role);
    }

    private Response create(Guild guild, String body) {
        return as(guild.owner(), HttpMethod.POST, guild.rules(), body);
    }

    private static String keywordRule(String name, String actions) {
        return "{\"name\": \"" + name + "\", \"event_type\": 1, \"trigger_type\": 1,"
                + " \"trigger_metadata\": {\"keyword_filter\": [\"bad\"]}, \"actions\": " + actions + "}";
    }

    private static JsonNode metadataOf(JsonNode rules, int triggerType) {
        return StreamSupport.stream(rules.spliterator(), false)
                .filter(rule -> rule.get("trigger_type").asInt() == triggerType)
                .findFirst()
                .orElseThrow()
                .get("trigger_metadata");
    }

    private static String channelOfType(JsonNode channels, int type) {
        return StreamSupport.stream(channels.spliterator(), false)
                .filter(c -> c.get("type").asInt() == type)
                .findFirst()
                .orElseThrow()
                .get("id")
                .asString();
    }

    private static String code(JsonNode errors, String field) {
        return errors.at(field + "/_errors/0/code").asString();
    }

    private static String idOf(Response response) {
        assertThat(response.status()).as("%s", response.body()).isBetween(200, 201);
        return response.body().get("id").asString();
    }
}
