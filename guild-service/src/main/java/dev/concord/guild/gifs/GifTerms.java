package dev.concord.guild.gifs;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.redis.RedisScript;
import dev.concord.platform.redis.RedisSettings;
import io.lettuce.core.ScoredValue;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.ZAggregateArgs;
import io.lettuce.core.api.reactive.RedisReactiveCommands;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What people search for and choose, counted in Redis per language and hour: {@code gifs:terms:{lang}:<hour>}
 * sorted sets of normalized terms, each expiring after the window, so old use leaves by itself. A ranking
 * sums the window's hours weighted by age (halved every half-life), so a term searched a lot this morning
 * yields to one searched a lot in the last hour. Each hour keeps its most used terms only
 * ({@code terms-per-hour}). Counts are statistics: losing them (a Redis flush) costs nothing but a day of
 * trends, which is why they are not in PostgreSQL, where every keystroke's search would be a row write.
 *
 * <p>A choice ({@code POST /gifs/select}) carries no locale, so each search also notes its user's
 * language for an hour and the choice that follows counts in it.
 */
@Component
final class GifTerms {

    /** A choice says more than a search: the person found what they looked for. */
    static final double SEARCH_WEIGHT = 1;

    static final double SELECT_WEIGHT = 2;
    /** Longer terms are searched but not counted: nobody types them twice. */
    static final int MAX_TERM = 100;

    private static final Duration LANGUAGE_TTL = Duration.ofHours(1);

    /**
     * KEYS: the hour's set. ARGV: term, weight, the set's lifetime in seconds, how many terms it keeps.
     * Counts the term and trims the rarest past the cap, in one step.
     */
    private static final RedisScript RECORD = new RedisScript("""
            redis.call('ZINCRBY', KEYS[1], ARGV[2], ARGV[1])
            redis.call('EXPIRE', KEYS[1], ARGV[3])
            local extra = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4])
            if extra > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, extra - 1) end
            return 1
            """);

    private final RedisReactiveCommands<String, String> redis;
    private final RedisSettings keys;
    private final GifSettings.Terms settings;
    private final Clock clock;

    GifTerms(RedisReactiveCommands<String, String> redis, RedisSettings keys, GifSettings settings, Clock clock) {
        this.redis = redis;
        this.keys = keys;
        this.settings = settings.terms();
        this.clock = clock;
    }

    /** Lower case, single spaces, trimmed: "Thumbs  Up" and "thumbs up" are one term. */
    static String normalize(String text) {
        return text.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    /** Counts a search by {@code user} for {@code term} in {@code locale}'s language. */
    Mono<Void> searched(Snowflake user, String term, GifLocale locale) {
        // The language key is written on its own: it lives in another hash slot than the hour's set.
        return record(term, locale.language(), SEARCH_WEIGHT)
                .then(redis.setex(languageKey(user), LANGUAGE_TTL.toSeconds(), locale.language()))
                .then();
    }

    /** Counts a choice after searching {@code term}, in the language of the user's last search. */
    Mono<Void> selected(Snowflake user, String term) {
        return redis.get(languageKey(user))
                .defaultIfEmpty(GifLocale.DEFAULT.language())
                .flatMap(language -> record(term, language, SELECT_WEIGHT));
    }

    /** The most used terms of the window in {@code locale}'s language, most used first. */
    Mono<List<String>> trending(GifLocale locale, int limit) {
        return ranked(locale.language(), term -> true, limit);
    }

    /** Used terms that begin with {@code query} or have a word that does, most used first; never the query itself. */
    Mono<List<String>> suggestions(String query, GifLocale locale, int limit) {
        String asked = normalize(query);
        return ranked(locale.language(), term -> !term.equals(asked) && CatalogueSearch.matches(term, asked), limit);
    }

    private Mono<Void> record(String term, String language, double weight) {
        String normalized = normalize(term);
        if (normalized.isEmpty() || normalized.codePointCount(0, normalized.length()) > MAX_TERM) {
            return Mono.empty();
        }
        long hour = currentHour();
        long lifetime = settings.window().plusHours(1).toSeconds();
        return RECORD.<Long>run(
                        redis,
                        ScriptOutputType.INTEGER,
                        new String[] {hourKey(language, hour)},
                        normalized,
                        Double.toString(weight),
                        Long.toString(lifetime),
                        Integer.toString(settings.termsPerHour()))
                .then();
    }

    private Mono<List<String>> ranked(String language, Predicate<String> wanted, int limit) {
        long now = currentHour();
        int hours = (int) Math.max(1, settings.window().toHours());
        String[] hourKeys = new String[hours];
        double[] weights = new double[hours];
        double halfLifeHours = Math.max(1, settings.halfLife().toMinutes()) / 60.0;
        for (int age = 0; age < hours; age++) {
            hourKeys[age] = hourKey(language, now - age);
            weights[age] = Math.pow(0.5, age / halfLifeHours);
        }
        return redis.zunionWithScores(ZAggregateArgs.Builder.weights(weights), hourKeys)
                .filter(scored -> wanted.test(scored.getValue()))
                .collectSortedList(Comparator.comparingDouble((ScoredValue<String> scored) -> -scored.getScore())
                        .thenComparing(ScoredValue::getValue))
                .map(sorted ->
                        sorted.stream().limit(limit).map(ScoredValue::getValue).toList());
    }

    private long currentHour() {
        return clock.millis() / Duration.ofHours(1).toMillis();
    }

    /** One language's keys share a hash tag, so the union of its hours runs on one cluster node. */
    private String hourKey(String language, long hour) {
        return keys.key("gifs:terms:{" + language + "}:" + hour);
    }

    private String languageKey(Snowflake user) {
        return keys.key("gifs:language:" + user.asString());
    }
}
