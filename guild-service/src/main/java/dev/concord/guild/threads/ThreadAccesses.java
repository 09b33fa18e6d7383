package dev.concord.guild.threads;

import dev.concord.guild.channels.ChannelAccess;
import dev.concord.guild.channels.ChannelAccesses;
import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.permissions.ThreadAccess;
import dev.concord.platform.web.ApiErrors;
import java.time.Clock;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** Loads a thread as a member acts in it: the thread, its parent as they act there, what they may do in it. */
@Component
final class ThreadAccesses {

    private final ThreadStore threads;
    private final ChannelAccesses channels;
    private final Clock clock;

    ThreadAccesses(ThreadStore threads, ChannelAccesses channels, Clock clock) {
        this.threads = threads;
        this.channels = channels;
        this.clock = clock;
    }

    /**
     * A member in a thread: its parent's overwrites with the thread's own rules ({@code inThread}), and
     * whether they joined it.
     */
    record InThread(ThreadData thread, ChannelAccess parent, long permissions, boolean joined) {

        boolean has(Permission permission) {
            return (permissions & permission.bit()) != 0;
        }

        /** 403 50013 unless they hold {@code permission} in the thread. */
        InThread require(Permission permission) {
            if (!has(permission)) {
                throw ApiErrors.missingPermissions();
            }
            return this;
        }

        boolean isOwner() {
            return thread.ownerId().equals(parent.access().membership().userId());
        }

        Snowflake userId() {
            return parent.access().membership().userId();
        }
    }

    /**
     * The thread and the member's place in it, empty when there is no such thread; 403 50001 when they
     * cannot see it, as for a hidden channel. {@code lock} holds its guild's row and then its own.
     */
    Mono<InThread> load(Snowflake threadId, Snowflake userId, boolean lock) {
        // The guild is locked before the thread, as everywhere that changes a guild's channels.
        return threads.find(threadId, false).flatMap(seen -> channels.load(seen.parentId(), userId, lock)
                .flatMap(parent -> Mono.zip(
                        lock ? threads.find(threadId, true) : Mono.just(seen),
                        Mono.just(parent),
                        threads.member(threadId, userId).hasElement()))
                .map(loaded -> {
                    ThreadData thread = loaded.getT1();
                    ChannelAccess parent = loaded.getT2();
                    boolean joined = loaded.getT3();
                    long permissions = parent.access()
                            .permissions()
                            .inThread(
                                    parent.access().member(),
                                    parent.channel().overwritesForPermissions(),
                                    ThreadAccess.of(thread.type(), joined),
                                    clock.instant());
                    if ((permissions & Permission.VIEW_CHANNEL.bit()) == 0) {
                        throw ApiErrors.missingAccess();
                    }
                    return new InThread(thread, parent, permissions, joined);
                }));
    }
}
