package dev.concord.guild.threads;

import static dev.concord.platform.events.EventTypes.THREAD_CREATE;
import static dev.concord.platform.events.EventTypes.THREAD_DELETE;
import static dev.concord.platform.events.EventTypes.THREAD_MEMBERS_UPDATE;
import static dev.concord.platform.events.EventTypes.THREAD_MEMBER_UPDATE;
import static dev.concord.platform.events.EventTypes.THREAD_UPDATE;

import dev.concord.platform.events.Audience;
import dev.concord.platform.events.DomainEvent;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.json.Json;
import dev.concord.platform.permissions.Permission;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Thread events on {@code guild.events}, keyed by guild id. A public thread's go to whoever can view its
 * parent; a private thread's to its members and to those who manage threads in the parent, who see it
 * without joining. The gateway resolves both against the parent, which it knows, and needs to know
 * nothing of threads for these.
 */
final class ThreadEvents {

    private ThreadEvents() {}

    /** THREAD_CREATE: the thread, {@code newly_created}. */
    static DomainEvent created(ThreadData thread, List<Snowflake> memberIds) {
        ObjectNode data = Json.mapper().valueToTree(thread);
        data.put("newly_created", true);
        return new DomainEvent(THREAD_CREATE, key(thread), audience(thread, memberIds), data);
    }

    static DomainEvent updated(ThreadData thread, List<Snowflake> memberIds) {
        return new DomainEvent(THREAD_UPDATE, key(thread), audience(thread, memberIds), thread);
    }

    /** THREAD_DELETE names the thread only, as on the platform. */
    static DomainEvent deleted(ThreadData thread, List<Snowflake> memberIds) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", thread.id());
        data.put("guild_id", thread.guildId());
        data.put("parent_id", thread.parentId());
        data.put("type", thread.type());
        return new DomainEvent(THREAD_DELETE, key(thread), audience(thread, memberIds), data);
    }

    /** THREAD_MEMBER_UPDATE to the user who joined: their membership. */
    static DomainEvent memberUpdated(ThreadData thread, ThreadMemberData member) {
        ObjectNode data = Json.mapper().valueToTree(member);
        data.put("guild_id", thread.guildId().asString());
        return new DomainEvent(THREAD_MEMBER_UPDATE, key(thread), Audience.users(member.userId()), data);
    }

    /**
     * THREAD_MEMBERS_UPDATE: who joined (thread members with their guild {@code member}) or left, to the
     * thread's audience and to them.
     */
    static DomainEvent membersUpdated(
            ThreadData thread, List<ObjectNode> added, List<Snowflake> removed, List<Snowflake> memberIds) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", thread.id());
        data.put("guild_id", thread.guildId());
        data.put("member_count", thread.memberCount());
        data.put("added_members", added);
        data.put("removed_member_ids", removed);
        List<Snowflake> told = new ArrayList<>(memberIds);
        told.addAll(removed);
        return new DomainEvent(THREAD_MEMBERS_UPDATE, key(thread), audience(thread, told), data);
    }

    private static String key(ThreadData thread) {
        return thread.guildId().asString();
    }

    private static Audience audience(ThreadData thread, List<Snowflake> memberIds) {
        if (!thread.isPrivate()) {
            return Audience.channel(thread.guildId(), thread.parentId());
        }
        return new Audience(
                List.copyOf(memberIds), thread.guildId(), thread.parentId(), Permission.MANAGE_THREADS.name());
    }
}
