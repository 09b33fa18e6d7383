/**
 * Guild discovery: a guild's discovery settings and subcategories, the category catalogue and the terms
 * discovery refuses (both shipped as resources), the requirements computed from the guild's own data, and
 * the search over discoverable guilds (PostgreSQL full text).
 */
@NullMarked
package dev.concord.guild.discovery;

import org.jspecify.annotations.NullMarked;
