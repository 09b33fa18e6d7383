package dev.concord.remoteauth.application;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.ids.SnowflakeGenerator;
import dev.concord.remoteauth.secret.Secrets;
import dev.concord.remoteauth.user.UserRow;
import dev.concord.remoteauth.user.UserStore;
import java.security.SecureRandom;
import java.util.Locale;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Makes an application's bot user: the application's name as its username (what the platform's username
 * rules refuse taken out) with a random four-digit tag, another tag when that name#tag is taken.
 */
@Component
class BotAccounts {

    /** Tags tried before giving up: with 9,999 per name, only a name used thousands of times runs out. */
    private static final int ATTEMPTS = 8;

    private static final Pattern REFUSED = Pattern.compile("[@#:]|```|discord", Pattern.CASE_INSENSITIVE);

    private final UserStore users;
    private final SnowflakeGenerator ids;
    private final SecureRandom random;

    BotAccounts(UserStore users, SnowflakeGenerator ids, Secrets secrets) {
        this.users = users;
        this.ids = ids;
        this.random = secrets.random();
    }

    Mono<UserRow> create(String applicationName) {
        String username = usernameFor(applicationName);
        Snowflake id = ids.next();
        return Mono.defer(() -> users.insertBot(id, username, tag()))
                .repeatWhenEmpty(ATTEMPTS - 1, attempts -> attempts)
                .switchIfEmpty(Mono.error(() ->
                        new IllegalStateException("no free tag for a bot named like application " + applicationName)));
    }

    /** The application's name as a bot username: 2-32 characters, none of the sequences usernames may not hold. */
    static String usernameFor(String applicationName) {
        String cleaned = REFUSED.matcher(applicationName).replaceAll("").strip();
        String lower = cleaned.toLowerCase(Locale.ROOT);
        if (cleaned.codePointCount(0, cleaned.length()) < 2 || lower.equals("everyone") || lower.equals("here")) {
            return "bot";
        }
        return cleaned.codePointCount(0, cleaned.length()) > 32
                ? cleaned.substring(0, cleaned.offsetByCodePoints(0, 32)).strip()
                : cleaned;
    }

    private String tag() {
        return String.format(Locale.ROOT, "%04d", 1 + random.nextInt(9999));
    }
}
