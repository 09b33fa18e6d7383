package dev.concord.presence.session;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The client that spawned a session: its kind, operating system (in the seed's neutral names) and the
 * kind's version. The overall session's is always unknown.
 */
public record ClientInfo(String client, String os, int version) {

    public static final ClientInfo UNKNOWN = new ClientInfo("unknown", "unknown", 0);

    public static final List<String> CLIENTS = List.of("desktop", "web", "mobile", "embedded", "unknown");
    public static final List<String> SYSTEMS =
            List.of("os_desktop_a", "os_desktop_b", "linux", "os_mobile_a", "os_mobile_b", "console_os", "unknown");

    /**
     * The client an Identify's {@code properties} describe: the platform's own apps name their browser
     * {@code Discord Client} (desktop) or {@code Discord Android} / {@code Discord iOS} (mobile); anything
     * else (browsers, bot libraries) is the web.
     */
    public static ClientInfo fromProperties(@Nullable String os, @Nullable String browser) {
        String b = browser == null ? "" : browser.toLowerCase(Locale.ROOT);
        String client;
        if (b.contains("client") && b.startsWith("discord")) {
            client = "desktop";
        } else if (b.startsWith("discord") && (b.contains("android") || b.contains("ios"))) {
            client = "mobile";
        } else if (b.contains("embedded") || b.contains("console")) {
            client = "embedded";
        } else {
            client = "web";
        }
        return new ClientInfo(client, system(os), 0);
    }

    private static String system(@Nullable String os) {
        String o = os == null ? "" : os.toLowerCase(Locale.ROOT);
        if (o.startsWith("win")) {
            return "os_desktop_a";
        }
        if (o.startsWith("mac") || o.equals("darwin") || o.equals("osx")) {
            return "os_desktop_b";
        }
        if (o.equals("linux") || o.endsWith("bsd")) {
            return "linux";
        }
        if (o.equals("android")) {
            return "os_mobile_a";
        }
        if (o.equals("ios")) {
            return "os_mobile_b";
        }
        if (o.contains("playstation") || o.contains("xbox")) {
            return "console_os";
        }
        return "unknown";
    }

    /** The {@code client_status} key this session's status shows under; {@code web} when the client is unknown. */
    public String platform() {
        return switch (client) {
            case "desktop", "mobile", "embedded" -> client;
            default -> "web";
        };
    }
}
