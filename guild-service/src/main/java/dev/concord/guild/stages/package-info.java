/**
 * Stage instances: a stage channel is live while it has one. Its moderators open, retitle and close it;
 * a public one gets an invite whose previews carry it; one opened for a scheduled event makes the event
 * ACTIVE and completes it on closing. STAGE_INSTANCE_* on {@code guild.events}.
 */
@NullMarked
package dev.concord.guild.stages;

import org.jspecify.annotations.NullMarked;
