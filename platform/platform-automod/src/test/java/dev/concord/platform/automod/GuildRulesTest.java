package dev.concord.platform.automod;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Judging a message and a profile: exemptions, mentions, embeds, unicode, several rules. */
class GuildRulesTest {

    private static final long CHANNEL = 100;
    private static final long CATEGORY = 200;
    private static final long ROLE = 300;

    @Test
    void aTriggerCarriesWhatTheActionExecutionEventShows() {
        AutomodRule rule = Rules.keywords(7, List.of("cat*", "dog"));
        Trigger trigger = Rules.judge(rule, "I love my Catapult").get(0);
        assertThat(trigger.rule()).isEqualTo(rule);
        assertThat(trigger.source()).isEqualTo(MatchSource.CONTENT);
        assertThat(trigger.matchedKeyword()).isEqualTo("cat*");
        assertThat(trigger.matchedContent()).isEqualTo("Catapult");
        assertThat(trigger.content()).isEqualTo("I love my Catapult");
        assertThat(trigger.content().substring(trigger.start(), trigger.end())).isEqualTo("Catapult");
    }

    @Test
    void eachRuleTriggersOnceInTheOrderGiven() {
        AutomodRule first = Rules.keywords(1, List.of("dog"));
        AutomodRule second = Rules.keywords(2, List.of("cat"));
        AutomodRule quiet = Rules.keywords(3, List.of("bird"));
        List<Trigger> triggers = GuildRules.compile(List.of(first, second, quiet))
                .judgeMessage(MessageInput.of("cat dog cat dog", CHANNEL));
        assertThat(triggers).extracting(t -> t.rule().id()).containsExactly(1L, 2L);
        assertThat(triggers.get(0).start()).isEqualTo(4);
        assertThat(triggers.get(1).start()).isEqualTo(0);
    }

    @Test
    void exemptRolesChannelsAndCategories() {
        AutomodRule rule =
                Rules.keywords(1, List.of("cat")).withExemptions(Set.of(ROLE), Set.of(CHANNEL + 1, CATEGORY));
        GuildRules rules = GuildRules.compile(List.of(rule));
        MessageInput message = MessageInput.of("cat", CHANNEL);
        assertThat(rules.judgeMessage(message)).hasSize(1);
        assertThat(rules.judgeMessage(message.withRoles(Set.of(ROLE)))).isEmpty();
        assertThat(rules.judgeMessage(message.withRoles(Set.of(ROLE + 1)))).hasSize(1);
        assertThat(rules.judgeMessage(MessageInput.of("cat", CHANNEL + 1))).isEmpty();
        assertThat(rules.judgeMessage(message.withParent(CATEGORY))).isEmpty();
        assertThat(rules.judgeMessage(message.withParent(CATEGORY + 1))).hasSize(1);
    }

    @Test
    void disabledRulesNeverTrigger() {
        AutomodRule on = Rules.keywords(1, List.of("cat"));
        AutomodRule off = new AutomodRule(
                2,
                TriggerType.KEYWORD,
                on.metadata(),
                List.of(AutomodAction.blockMessage(null)),
                false,
                Set.of(),
                Set.of());
        assertThat(GuildRules.compile(List.of(on, off)).judgeMessage(MessageInput.of("cat", 1)))
                .extracting(t -> t.rule().id())
                .containsExactly(1L);
    }

    @Test
    void mentionSpamCountsUniqueUserAndRoleMentionsOverTheLimit() {
        AutomodRule rule = AutomodRule.of(1, TriggerType.MENTION_SPAM, TriggerMetadata.mentions(5, false));
        GuildRules rules = GuildRules.compile(List.of(rule));
        MessageInput message = MessageInput.of("hi all", CHANNEL);
        assertThat(rules.judgeMessage(message.withMentions(5, true))).isEmpty();
        Trigger trigger = rules.judgeMessage(message.withMentions(6, false)).get(0);
        assertThat(trigger.source()).isEqualTo(MatchSource.MENTIONS);
        assertThat(trigger.matchedKeyword()).isNull();
        assertThat(trigger.matchedContent()).isNull();
        AutomodRule exempt = rule.withExemptions(Set.of(ROLE), Set.of());
        assertThat(GuildRules.compile(List.of(exempt))
                        .judgeMessage(message.withMentions(9, false).withRoles(Set.of(ROLE))))
                .isEmpty();
    }

    @Test
    void embedTextsAreJudgedAfterTheContent() {
        GuildRules rules = GuildRules.compile(List.of(Rules.keywords(1, List.of("free nitro"))));
        MessageInput message =
                MessageInput.of("look at this", CHANNEL).withEmbedTexts(List.of("Prize", "Get FREE Nitro now"));
        Trigger trigger = rules.judgeMessage(message).get(0);
        assertThat(trigger.source()).isEqualTo(MatchSource.EMBED);
        assertThat(trigger.content()).isEqualTo("Get FREE Nitro now");
        assertThat(trigger.matchedContent()).isEqualTo("FREE Nitro");
        Trigger inContent = rules.judgeMessage(
                        MessageInput.of("free nitro", CHANNEL).withEmbedTexts(List.of("free nitro")))
                .get(0);
        assertThat(inContent.source()).isEqualTo(MatchSource.CONTENT);
    }

    @Test
    void unicodeCaseFolding() {
        assertThat(Rules.matched(Rules.keywords(1, List.of("école")), "L'ÉCOLE est fermée"))
                .isEqualTo("ÉCOLE");
        assertThat(Rules.matched(Rules.keywords(1, List.of("привет")), "ПРИВЕТ мир"))
                .isEqualTo("ПРИВЕТ");
        // Final, medial and capital sigma are one letter.
        assertThat(Rules.matched(Rules.keywords(1, List.of("σοφος")), "ΣΟΦΟΣ")).isEqualTo("ΣΟΦΟΣ");
        assertThat(Rules.matched(Rules.keywords(1, List.of("ΣΟΦΟΣ")), "σοφος")).isEqualTo("σοφος");
        assertThat(Rules.matched(Rules.keywords(1, List.of("istanbul")), "İSTANBUL"))
                .isEqualTo("İSTANBUL");
        // Outside the BMP: Deseret capital and small letters fold across surrogate pairs.
        assertThat(Rules.matched(Rules.keywords(1, List.of("\uD801\uDC28")), "a \uD801\uDC00 b"))
                .isEqualTo("\uD801\uDC00");
        // Combining marks belong to their word: no whole-word match on the bare letters.
        assertThat(Rules.matched(Rules.keywords(1, List.of("cafe")), "cafe\u0301"))
                .isNull();
    }

    @Test
    void invisibleCharactersCannotSplitAWord() {
        AutomodRule rule = Rules.keywords(1, List.of("cat"));
        assertThat(Rules.matched(rule, "c\u200Ba\u00ADt")).isEqualTo("c\u200Ba\u00ADt");
        assertThat(Rules.matched(rule, "cat\u200Bs")).isNull();
    }

    @Test
    void profileRulesJudgeEachName() {
        AutomodRule profileRule = AutomodRule.of(
                1,
                TriggerType.USER_PROFILE,
                TriggerMetadata.keywords(List.of("*admin*"), List.of("^mod\\d+$"), List.of()));
        AutomodRule messageRule = Rules.keywords(2, List.of("*admin*"));
        GuildRules rules = GuildRules.compile(List.of(profileRule, messageRule));
        Trigger byNick = rules.judgeProfile(new ProfileInput("alice", null, "Real_Admin", Set.of()))
                .get(0);
        assertThat(byNick.rule().id()).isEqualTo(1);
        assertThat(byNick.source()).isEqualTo(MatchSource.NICKNAME);
        assertThat(byNick.matchedContent()).isEqualTo("Admin");
        Trigger byRegex = rules.judgeProfile(new ProfileInput("bob", "MOD42", null, Set.of()))
                .get(0);
        assertThat(byRegex.source()).isEqualTo(MatchSource.GLOBAL_NAME);
        assertThat(byRegex.matchedKeyword()).isEqualTo("^mod\\d+$");
        assertThat(rules.judgeProfile(new ProfileInput("bob", "carol", null, Set.of())))
                .isEmpty();
        AutomodRule exempt = profileRule.withExemptions(Set.of(ROLE), Set.of());
        assertThat(GuildRules.compile(List.of(exempt))
                        .judgeProfile(new ProfileInput("admin", null, null, Set.of(ROLE))))
                .isEmpty();
        // Profile rules do not judge messages, nor message rules profiles.
        assertThat(rules.judgeMessage(MessageInput.of("mod42", CHANNEL))).isEmpty();
        assertThat(rules.judgeMessage(MessageInput.of("admin", CHANNEL)))
                .extracting(t -> t.rule().id())
                .containsExactly(2L);
    }

    @Test
    void statefulRulesAreHandedToTheCaller() {
        AutomodRule spam =
                AutomodRule.of(1, TriggerType.SPAM, TriggerMetadata.NONE).withExemptions(Set.of(), Set.of(CHANNEL));
        AutomodRule mentions = AutomodRule.of(2, TriggerType.MENTION_SPAM, TriggerMetadata.mentions(10, true));
        AutomodRule policy = AutomodRule.of(3, TriggerType.GUILD_POLICY, TriggerMetadata.NONE);
        GuildRules rules = GuildRules.compile(List.of(spam, mentions, policy));
        MessageInput message = MessageInput.of("hello", CHANNEL + 1);
        assertThat(rules.judgeMessage(message)).isEmpty();
        assertThat(rules.spamRule(message)).contains(spam);
        assertThat(rules.spamRule(MessageInput.of("hello", CHANNEL))).isEmpty();
        assertThat(rules.mentionRaidRule(message)).contains(mentions);
        GuildRules noRaid = GuildRules.compile(
                List.of(AutomodRule.of(2, TriggerType.MENTION_SPAM, TriggerMetadata.mentions(10, false))));
        assertThat(noRaid.mentionRaidRule(message)).isEmpty();
    }

    @Test
    void anEmptyGuildJudgesNothing() {
        assertThat(GuildRules.empty().judgeMessage(MessageInput.of("anything", 1)))
                .isEmpty();
        assertThat(GuildRules.empty().judgeProfile(new ProfileInput("a", "b", "c", Set.of())))
                .isEmpty();
    }
}
