package dev.concord.bench.automod;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concord.platform.automod.AutomodRule;
import dev.concord.platform.automod.AutomodValidation;
import dev.concord.platform.automod.MessageInput;
import dev.concord.platform.automod.TriggerType;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The benchmark's guild and messages are what it claims, and judging them does real work. */
class ModeratedGuildTest {

    final ModeratedGuild guild = ModeratedGuild.generate(JudgeBenchmark.SEED);

    @Test
    void hasTheClaimedRules() {
        List<AutomodRule> keywordRules = guild.rules().stream()
                .filter(r -> r.triggerType() == TriggerType.KEYWORD)
                .toList();
        assertThat(keywordRules).hasSize(6).allSatisfy(rule -> {
            assertThat(rule.metadata().keywordFilter()).hasSize(1000).doesNotHaveDuplicates();
            assertThat(rule.metadata().keywordFilter()).allSatisfy(k -> assertThat(AutomodValidation.keywordProblem(k))
                    .isEmpty());
        });
        List<String> all = keywordRules.stream()
                .flatMap(r -> r.metadata().keywordFilter().stream())
                .toList();
        assertThat(all.stream().filter(k -> !k.contains("*")).count()).isBetween(2000L, 2800L);
        assertThat(all.stream()
                        .filter(k -> k.startsWith("*") && k.endsWith("*"))
                        .count())
                .isBetween(900L, 1500L);
        assertThat(all.stream().filter(k -> k.contains(" ")).count()).isBetween(150L, 450L);
        assertThat(keywordRules.get(0).metadata().regexPatterns())
                .hasSize(10)
                .allSatisfy(p -> assertThat(AutomodValidation.regexProblem(p)).isEmpty());
        assertThat(guild.rules()).extracting(AutomodRule::triggerType).contains(TriggerType.KEYWORD_PRESET);
    }

    @Test
    void messagesHaveTheirSizeAndJudgingThemWorks() {
        JudgeBenchmark benchmark = new JudgeBenchmark();
        benchmark.bytes = 1024;
        benchmark.text = "prose";
        benchmark.setUp();
        assertThat(benchmark.messages).allSatisfy(m -> assertThat(m.content()).hasSize(1024));
        // Prose is clean; the same prose with a rule's keyword or a regex's target in it is not (other
        // rules' wildcard keywords, of the same invented syllables, may match the planted word too).
        String keyword = guild.rules().get(3).metadata().keywordFilter().stream()
                .filter(k -> !k.contains("*") && !k.contains(" "))
                .findFirst()
                .orElseThrow();
        String prose = ModeratedGuild.prose(new Random(1), 300);
        assertThat(benchmark.rules.judgeMessage(MessageInput.of(prose, 1))).isEmpty();
        assertThat(benchmark.rules.judgeMessage(MessageInput.of(prose + " " + keyword + " ok", 1)))
                .extracting(t -> t.rule().id())
                .contains(1003L);
        assertThat(benchmark.rules.judgeMessage(MessageInput.of(prose + " join discord.gg/abc", 1)))
                .extracting(t -> t.matchedContent())
                .containsExactly("discord.gg/abc");
    }

    @Test
    void thePathologicalTextRunsTheCatastrophicRegexToTheEnd() {
        JudgeBenchmark benchmark = new JudgeBenchmark();
        benchmark.bytes = 65536;
        benchmark.text = "pathological";
        benchmark.setUp();
        assertThat(benchmark.judge()).isEmpty();
        assertThat(benchmark.rules.judgeMessage(MessageInput.of("aaaa $$$", 1)))
                .extracting(t -> t.matchedKeyword())
                .containsExactly(ModeratedGuild.REGEXES.get(9));
    }
}
