package dev.concord.guild.threads;

import dev.concord.platform.ids.Snowflake;
import java.time.Instant;

/** One member of a thread as clients read it: {@code id} is the thread's. */
public record ThreadMemberData(Snowflake id, Snowflake userId, Instant joinTimestamp, int flags) {}
