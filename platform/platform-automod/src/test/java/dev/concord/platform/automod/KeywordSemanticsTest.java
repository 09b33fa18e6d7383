package dev.concord.platform.automod;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The platform's documented keyword matching strategies, row by row (its examples first), and what this
 * engine decides where the documentation is silent. A row: keyword | message | matched content, empty
 * when the message must not trigger.
 */
class KeywordSemanticsTest {

    @ParameterizedTest(name = "{0} in \"{1}\" -> \"{2}\"")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            # Prefix: the word starts with the keyword (documented examples)
            cat*        | catch                  | catch
            cat*        | Catapult               | Catapult
            cat*        | CAttLE                 | CAttLE
            tra*        | train                  | train
            tra*        | trade                  | trade
            tra*        | TRAditional            | TRAditional
            the mat*    | the matrix             | the matrix
            # ... and not a word that only contains or ends with it
            cat*        | wildcat                |
            cat*        | concatenate            |
            tra*        | extra                  |
            the mat*    | breathe matrix         |
            # Suffix: the word ends with the keyword
            *cat        | wildcat                | wildcat
            *cat        | copyCat                | copyCat
            *tra        | extra                  | extra
            *tra        | ultra                  | ultra
            *tra        | orchesTRA              | orchesTRA
            *the mat    | breathe mat            | breathe mat
            *cat        | catch                  |
            *tra        | train                  |
            *the mat    | breathe matter         |
            # Anywhere
            *cat*       | location               | location
            *cat*       | eduCation              | eduCation
            *tra*       | abstracted             | abstracted
            *tra*       | outrage                | outrage
            *the mat*   | breathe matter         | breathe matter
            *cat*       | dog                    |
            # Whole word or phrase
            cat         | cat                    | cat
            cat         | Cat                    | Cat
            train       | train                  | train
            the mat     | the mat                | the mat
            cat         | cats                   |
            cat         | concat                 |
            cat         | catcat                 |
            train       | trains                 |
            the mat     | the matter             |
            the mat     | bathe mat              |
            # Inside a longer message
            cat         | "the cat sat on the mat" | cat
            the mat     | "the cat sat on the mat" | the mat
            cat*        | "a catalogue of cats"  | catalogue
            # Punctuation, symbols and emoji separate words; digits and letters do not
            cat         | "cat!"                 | cat
            cat         | "(cat)"                | cat
            cat         | "cat's toy"            | cat
            cat         | "-cat-"                | cat
            cat         | "cat_dog"              | cat
            cat         | "😀cat😀"              | cat
            cat         | cat1                   |
            cat         | 1cat                   |
            *cat        | "bob-cat"              | cat
            # A keyword's own punctuation needs no boundary where it is not a word character
            i like c++  | "I like C++!"          | I like C++
            c++         | "c++x"                 | c++
            # Phrases: any run of whitespace reads as one space
            the mat     | "the   mat"            | the   mat
            "the mat"   | "the\tmat"             | the\tmat
            # A wildcard in the middle is an ordinary character
            a*b         | "a*b"                  | a*b
            a*b         | axb                    |
            """)
    void keyword(String keyword, String message, String expected) {
        String text = message.replace("\\t", "\t");
        String want = expected == null ? null : expected.replace("\\t", "\t");
        AutomodRule rule = Rules.keywords(1, List.of(keyword));
        assertThat(Rules.matched(rule, text)).isEqualTo(want);
    }
}
