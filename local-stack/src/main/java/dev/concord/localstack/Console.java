package dev.concord.localstack;

import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalLong;

/** What the launcher prints, and where the embedded servers' own logging goes. */
final class Console {

    private static final String LOGBACK_CONFIG = "local-stack-logback.xml";

    private Console() {}

    /**
     * Sends the in-process servers' logging (Kafka above all) to {@code logs/infra.log} instead of the
     * terminal. Must run before anything touches SLF4J, which configures Logback once, on first use.
     */
    static void configureLogging(Options options) {
        System.setProperty("concord.localstack.logs", options.logDir().toString());
        System.setProperty("logback.configurationFile", LOGBACK_CONFIG);
    }

    static void printBanner(RunningStack stack) {
        String token = stack.demoUser().token();
        String api = stack.edgeUrl() + "/api/v10";
        System.out.printf(
                Locale.ROOT,
                "%nConcord local stack ready in %.1f s, %s resident (%d apps in %s, PostgreSQL, Redis, Kafka)%n%n",
                stack.startupTime().toMillis() / 1000.0,
                memory(stack.totalRssBytes()),
                App.values().length,
                stack.options().jvmPerApp() ? "a JVM each" : "one JVM");
        System.out.printf("  API        %s%n", api);
        System.out.printf("  Gateway    %s%n", stack.gatewayUrl());
        DemoSeed demo = stack.demo();
        System.out.printf(
                "  Demo user  %s / %s, owner of \"%s\" (guild %s)%n",
                demo.owner().username(),
                demo.owner().password(),
                demo.guild().name(),
                demo.guild().id());
        System.out.printf("  Token      %s%n", token);
        System.out.printf(
                "  Member     %s / %s%n",
                demo.friend().username(), demo.friend().password());
        System.out.printf("  Token      %s%n", demo.friend().token());
        System.out.printf(
                "  QR login   %s/remote-auth/login (approve on the phone page it links, as the demo user)%n",
                stack.edgeUrl());
        System.out.printf(
                "  Logs       %s (%s)%n%n",
                relative(stack.options().logDir()),
                stack.options().jvmPerApp() ? "one per app" : AppLogging.LOG_FILE + " for all apps");
        System.out.printf("  curl -H \"Authorization: %s\" %s/users/@me/settings%n", token, api);
        System.out.printf(
                "  curl -H \"Authorization: %s\" %s/guilds/%s/channels%n%n",
                token, api, demo.guild().id());
        System.out.println("Ctrl-C stops everything.");
    }

    private static String memory(OptionalLong bytes) {
        if (bytes.isEmpty()) {
            return "memory n/a";
        }
        return String.format(Locale.ROOT, "%.2f GiB", bytes.getAsLong() / (1024.0 * 1024 * 1024));
    }

    /** Shorter and copy-pasteable when the logs are below the working directory, as they normally are. */
    private static String relative(Path dir) {
        Path cwd = Path.of("").toAbsolutePath();
        return dir.startsWith(cwd) ? cwd.relativize(dir) + "/" : dir + "/";
    }
}
