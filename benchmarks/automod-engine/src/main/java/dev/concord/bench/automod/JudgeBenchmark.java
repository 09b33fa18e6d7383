package dev.concord.bench.automod;

import dev.concord.platform.automod.GuildRules;
import dev.concord.platform.automod.MessageInput;
import dev.concord.platform.automod.Trigger;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Target: at least 50,000 messages of 100 B judged per second on one thread, against a guild at the
 * platform's limits ({@link ModeratedGuild}), and time per byte flat from 100 B to 64 KB (linear). Each
 * call judges the next of 64 different messages of the size, so a figure is not one text the branch
 * predictor has learnt. {@code pathological} is text on which the guild's catastrophic regex would
 * backtrack for ever on a backtracking engine.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JudgeBenchmark {

    static final long SEED = 20261128L;
    static final int MESSAGES = 64;

    @Param({"100", "1024", "16384", "65536"})
    int bytes;

    @Param({"prose", "pathological"})
    String text = "prose";

    GuildRules rules;
    MessageInput[] messages;
    int next;

    @Setup
    public void setUp() {
        rules = GuildRules.compile(ModeratedGuild.generate(SEED).rules());
        Random random = new Random(SEED + bytes);
        messages = new MessageInput[MESSAGES];
        for (int m = 0; m < MESSAGES; m++) {
            String content =
                    text.equals("prose") ? ModeratedGuild.prose(random, bytes) : ModeratedGuild.pathological(bytes);
            messages[m] = MessageInput.of(content, 500 + m)
                    .withParent(600)
                    .withRoles(Set.of(10L, 11L, 12L))
                    .withMentions(m % 3, false);
        }
    }

    /** One message judged against every rule of the guild. */
    @Benchmark
    public List<Trigger> judge() {
        MessageInput message = messages[next];
        next = next + 1 == MESSAGES ? 0 : next + 1;
        return rules.judgeMessage(message);
    }
}
