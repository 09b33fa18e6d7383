package dev.concord.bench.automod;

import dev.concord.platform.automod.AutomodRule;
import dev.concord.platform.automod.GuildRules;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** What a rule change costs: the guild's 6,000 keywords, presets, allow lists and regexes compiled anew. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class CompileBenchmark {

    List<AutomodRule> rules;

    @Setup
    public void setUp() {
        rules = ModeratedGuild.generate(JudgeBenchmark.SEED).rules();
    }

    @Benchmark
    public GuildRules compile() {
        return GuildRules.compile(rules);
    }
}
