package dev.concord.webhook.messages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.concord.platform.web.JsonBodies;
import dev.concord.platform.web.Violations;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@link GithubMessages}: GitHub's deliveries as the platform shows them. */
class GithubMessagesTest {

    static final String SENDER = """
            "sender": {"id": 1, "login": "octocat", "html_url": "https://github.com/octocat",
                       "avatar_url": "https://avatars.githubusercontent.com/u/1?v=4"}""";
    static final String REPOSITORY = """
            "repository": {"id": 2, "name": "Hello-World", "full_name": "octocat/Hello-World",
                           "html_url": "https://github.com/octocat/Hello-World"}""";

    @Test
    void everyExampleGithubPublishesForTheEighteenEventsRendersOrIsADeliberateSkip() throws Exception {
        Map<String, List<JsonNode>> examples = GithubExamples.byEvent();
        List<String> failures = new ArrayList<>();
        Map<String, Integer> rendered = new TreeMap<>();
        int seen = 0;
        for (String event : GithubMessages.EVENTS) {
            List<JsonNode> ofEvent = examples.getOrDefault(event, List.of());
            if (ofEvent.isEmpty()) {
                failures.add(event + ": GitHub publishes no example");
            }
            for (int i = 0; i < ofEvent.size(); i++) {
                JsonNode example = ofEvent.get(i);
                String where = event + " #" + i + " (" + example.path("action").asString("no action") + ")";
                seen++;
                try {
                    GithubPayload payload = read(example.toString());
                    WebhookExecuteRequest execution = GithubMessages.toExecution(event, payload);
                    String skip = expectedSkip(event, example);
                    if (execution == null) {
                        if (skip == null) {
                            failures.add(where + ": rendered nothing, but the platform shows it");
                        }
                        continue;
                    }
                    if (skip != null) {
                        failures.add(where + ": rendered, but the platform ignores it: " + skip);
                    }
                    Violations.check(execution);
                    Embed embed = execution.embeds().get(0);
                    assertThat(embed.title()).as(where).startsWith("[");
                    assertThat(execution.username()).isEqualTo("GitHub");
                    rendered.merge(event, 1, Integer::sum);
                } catch (RuntimeException | AssertionError e) {
                    failures.add(where + ": " + e);
                }
            }
        }
        assertThat(failures).as("examples that failed").isEmpty();
        assertThat(rendered.keySet())
                .as("events with a rendered example")
                .containsExactlyInAnyOrderElementsOf(GithubMessages.EVENTS);
        assertThat(seen).isGreaterThan(100);
    }

    /**
     * Why the platform shows nothing for an example, or null when it shows one: stated apart from the
     * renderers, so a renderer that starts showing an ignored action (or stops showing one) fails.
     */
    static @Nullable String expectedSkip(String event, JsonNode example) {
        String action = example.path("action").asString("");
        Map<String, Set<String>> shown = Map.ofEntries(
                Map.entry("issues", Set.of("opened", "closed", "reopened")),
                Map.entry("pull_request", Set.of("opened", "closed", "reopened")),
                Map.entry("issue_comment", Set.of("created")),
                Map.entry("commit_comment", Set.of("created")),
                Map.entry("pull_request_review_comment", Set.of("created")),
                Map.entry("discussion_comment", Set.of("created")),
                Map.entry("pull_request_review", Set.of("submitted")),
                Map.entry("release", Set.of("published")),
                Map.entry("watch", Set.of("started")),
                Map.entry("member", Set.of("added")),
                Map.entry("discussion", Set.of("created", "answered")),
                Map.entry("check_run", Set.of("completed")),
                Map.entry("check_suite", Set.of("completed")));
        Set<String> actions = shown.get(event);
        if (actions != null && !actions.contains(action)) {
            return "action " + action;
        }
        if (event.equals("push")
                && example.path("commits").isEmpty()
                && !example.path("forced").asBoolean(false)) {
            return "a push of no commits";
        }
        return null;
    }

    @Test
    void aPushListsItsFirstFiveCommitsWithTheirSubjectsAndCountsThemAll() {
        StringBuilder commits = new StringBuilder();
        for (int i = 1; i <= 7; i++) {
            String sha = Integer.toString(i).repeat(40);
            commits.append(i == 1 ? "" : ",")
                    .append("{\"id\": \"")
                    .append(sha)
                    .append("\", \"url\": \"https://github.com/octocat/Hello-World/commit/")
                    .append(sha)
                    .append("\", \"message\": \"")
                    .append(i == 2 ? "A subject line far longer than fifty characters, which is cut" : "Commit " + i)
                    .append(
                            "\\n\\nThe body, never shown\", \"author\": {\"name\": \"Mona Lisa\", \"username\": \"mona\"}}");
        }
        Embed embed = render("push", "{" + SENDER + ", " + REPOSITORY + """
                , "ref": "refs/heads/main", "forced": false,
                  "compare": "https://github.com/octocat/Hello-World/compare/1111111...7777777",
                  "commits": [%s]}""".formatted(commits));

        assertThat(embed.title()).isEqualTo("[Hello-World:main] 7 new commits");
        assertThat(embed.url()).isEqualTo("https://github.com/octocat/Hello-World/compare/1111111...7777777");
        assertThat(embed.color()).isEqualTo(0x7289DA);
        assertThat(embed.author())
                .isEqualTo(new Embed.Author(
                        "octocat", "https://github.com/octocat", "https://avatars.githubusercontent.com/u/1?v=4"));
        List<String> lines = embed.description().lines().toList();
        assertThat(lines).hasSize(5);
        assertThat(lines.get(0))
                .isEqualTo("[`1111111`](https://github.com/octocat/Hello-World/commit/" + "1".repeat(40)
                        + ") Commit 1 - Mona Lisa");
        assertThat(lines.get(1)).contains(") A subject line far longer than fifty characters... - Mona Lisa");
        assertThat(lines.get(4)).startsWith("[`5555555`]");
        assertThat(embed.description()).doesNotContain("never shown");
    }

    @Test
    void oneCommitIsSingularAndAForcePushSaysSo() {
        String commit = """
                {"id": "abcdef0123456789abcdef0123456789abcdef01", "url": "https://github.com/o/r/commit/abcdef0",
                 "message": "Fix", "author": {"name": "Mona"}}""";
        assertThat(render(
                                "push",
                                "{" + SENDER + ", " + REPOSITORY + ", \"ref\": \"refs/tags/v1\", \"commits\": ["
                                        + commit + "]}")
                        .title())
                .isEqualTo("[Hello-World:v1] 1 new commit");

        Embed forced = render(
                "push",
                "{" + SENDER + ", " + REPOSITORY + ", \"ref\": \"refs/heads/main\","
                        + " \"forced\": true, \"compare\": \"https://github.com/o/r/compare/a...b\", \"commits\": [],"
                        + " \"head_commit\": " + commit + "}");
        assertThat(forced.title()).isEqualTo("[Hello-World] Branch main was force-pushed to `abcdef0`");
        assertThat(forced.description()).isEqualTo("[Compare changes](https://github.com/o/r/compare/a...b)");
        assertThat(forced.color()).isEqualTo(0xFCBD1F);
    }

    @Test
    void titlesAndTextsAreCutAsThePlatformCutsThem() {
        String title = "t".repeat(300);
        String body = "b".repeat(10_000);
        Embed embed = render("issues", "{" + SENDER + ", " + REPOSITORY + """
                , "action": "opened", "issue": {"id": 3, "number": 12, "title": "%s", "body": "%s",
                  "html_url": "https://github.com/octocat/Hello-World/issues/12",
                  "user": {"login": "mona", "html_url": "https://github.com/mona",
                           "avatar_url": "https://avatars.githubusercontent.com/u/2"}}}""".formatted(title, body));

        assertThat(embed.title())
                .hasSize(70)
                .startsWith("[octocat/Hello-World] Issue opened: #12 ttt")
                .endsWith("...");
        assertThat(embed.description()).hasSize(350).endsWith("b...");
        assertThat(embed.author().name()).isEqualTo("mona");
        assertThat(embed.color()).isEqualTo(0xEB4841);
    }

    @Test
    void aCommentOnAPullRequestsConversationSaysPullRequest() {
        Embed embed = render("issue_comment", "{" + SENDER + ", " + REPOSITORY + """
                , "action": "created",
                  "issue": {"number": 7, "title": "Add it", "pull_request": {"url": "https://x.example/pr/7"}},
                  "comment": {"id": 9, "body": "Looks good", "html_url": "https://github.com/o/r/pull/7#c9",
                              "user": {"login": "mona"}}}""");

        assertThat(embed.title()).isEqualTo("[octocat/Hello-World] New comment on pull request #7: Add it");
        assertThat(embed.description()).isEqualTo("Looks good");
        assertThat(embed.url()).isEqualTo("https://github.com/o/r/pull/7#c9");
    }

    @Test
    void deliveriesMissingTheirPartsOrOfOtherEventsRenderNothingAndNeverThrow() {
        List<String> events = new ArrayList<>(GithubMessages.EVENTS);
        events.addAll(List.of("ping", "workflow_run", "repository", "", "PUSH"));
        List<String> bodies = List.of(
                "{\"sender\": {}}",
                "{" + SENDER + ", " + REPOSITORY + "}",
                "{\"sender\": {}, \"repository\": {}, \"ref\": \"x\", \"ref_type\": \"branch\", \"forced\": true,"
                        + " \"commits\": [null, {}], \"head_commit\": {}, \"issue\": {}, \"pull_request\": {},"
                        + " \"comment\": {}, \"review\": {}, \"release\": {}, \"member\": {}, \"forkee\": {},"
                        + " \"check_run\": {\"check_suite\": {}}, \"check_suite\": {\"app\": {}},"
                        + " \"discussion\": {}, \"answer\": {}, \"compare\": \"not a url\"}");
        List<String> actions = List.of(
                "opened", "closed", "created", "submitted", "published", "started", "added", "completed", "answered");
        for (String event : events) {
            for (String body : bodies) {
                for (String action : actions) {
                    String withAction = body.replaceFirst("^\\{", "{\"action\": \"" + action + "\", ");
                    assertThatCode(() -> {
                                WebhookExecuteRequest execution = GithubMessages.toExecution(event, read(withAction));
                                if (execution != null) {
                                    Violations.check(execution);
                                }
                            })
                            .as("%s %s", event, withAction)
                            .doesNotThrowAnyException();
                }
            }
        }
        assertThat(GithubMessages.toExecution("push", read("{\"sender\": {}}"))).isNull();
        assertThat(GithubMessages.toExecution("ping", read("{" + SENDER + ", " + REPOSITORY + "}")))
                .isNull();
    }

    static GithubPayload read(String json) {
        return JsonBodies.checked(json.getBytes(StandardCharsets.UTF_8), GithubPayload.class);
    }

    static Embed render(String event, String json) {
        WebhookExecuteRequest execution = GithubMessages.toExecution(event, read(json));
        assertThat(execution).as("%s renders", event).isNotNull();
        Violations.check(execution);
        return execution.embeds().get(0);
    }
}
