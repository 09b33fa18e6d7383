package dev.concord.guild.threads;

import dev.concord.guild.internal.MemberLookup;
import dev.concord.guild.members.MemberData;
import dev.concord.platform.ids.Snowflake;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Thread members with their guild member objects ({@code member}), as {@code with_member=true} answers
 * them and THREAD_MEMBERS_UPDATE's {@code added_members} carry them (clients read it there): two reads,
 * the members and their users, however many.
 */
@Component
final class ThreadMemberViews {

    private final MemberLookup guildMembers;
    private final JsonMapper mapper;

    ThreadMemberViews(MemberLookup guildMembers, JsonMapper mapper) {
        this.guildMembers = guildMembers;
        this.mapper = mapper;
    }

    ObjectNode plain(ThreadMemberData member) {
        return mapper.valueToTree(member);
    }

    /** Each thread member with {@code member} when they are still a member of the guild. */
    Mono<List<ObjectNode>> withMembers(Snowflake guildId, List<ThreadMemberData> members) {
        if (members.isEmpty()) {
            return Mono.just(List.of());
        }
        return guildMembers
                .byIds(guildId, members.stream().map(ThreadMemberData::userId).toList())
                .map(found -> {
                    Map<Snowflake, MemberData> byUser = found.stream()
                            .collect(Collectors.toMap(member -> member.user().id(), Function.identity()));
                    return members.stream()
                            .map(member -> {
                                ObjectNode node = plain(member);
                                MemberData guildMember = byUser.get(member.userId());
                                if (guildMember != null) {
                                    node.set("member", mapper.valueToTree(guildMember));
                                }
                                return node;
                            })
                            .toList();
                });
    }
}
