package dev.concord.guild.roles;

import dev.concord.platform.ids.Snowflake;
import org.jspecify.annotations.Nullable;

/** One item of {@code PATCH /guilds/{guild.id}/roles}: where a role should sit; a null position leaves it. */
record RolePosition(Snowflake id, @Nullable Integer position) {}
