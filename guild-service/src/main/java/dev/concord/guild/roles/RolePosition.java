package dev.concord.guild.roles;

import dev.concord.platform.ids.Snowflake;

/** One item of {@code PATCH /guilds/{guild.id}/roles}: where a role should sit; a null position leaves it. */
record RolePosition(Snowflake id, Integer position) {}
