package dev.concord.gateway.limits;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A bot's {@code session_start_limit} as {@code GET /gateway/bot} reports it.
 *
 * @param resetAfterMillis until the window that began with the first identify ends; 0 when no window runs
 */
public record SessionStartLimit(int total, int remaining, long resetAfterMillis, int maxConcurrency) {

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("total", total);
        json.put("remaining", remaining);
        json.put("reset_after", resetAfterMillis);
        json.put("max_concurrency", maxConcurrency);
        return json;
    }
}
