package dev.concord.webhook.messages;

import dev.concord.platform.ids.Snowflake;
import dev.concord.platform.permissions.Permission;
import dev.concord.platform.test.ApiCalls.Response;
import dev.concord.webhook.WebhookServiceApiTest;
import org.springframework.http.HttpMethod;

/** webhook-service's messages through HTTP: what the message tests share. */
abstract class MessageApiSupport extends WebhookServiceApiTest {

    /** What a member of a plain guild holds: see, send, read history, embed links. */
    static final long MEMBER = Permission.bits(
            Permission.VIEW_CHANNEL, Permission.SEND_MESSAGES, Permission.READ_MESSAGE_HISTORY, Permission.EMBED_LINKS);

    /** A DM channel between the two users. */
    Snowflake directMessage(Snowflake one, Snowflake other) {
        Snowflake channel = newId();
        GUILD_SERVICE.directMessage(channel.value(), one.value(), other.value());
        return channel;
    }

    Snowflake groupDirectMessage(Snowflake owner, Snowflake... others) {
        Snowflake channel = newId();
        long[] recipients = new long[others.length + 1];
        recipients[0] = owner.value();
        for (int i = 0; i < others.length; i++) {
            recipients[i + 1] = others[i].value();
        }
        GUILD_SERVICE.groupDirectMessage(channel.value(), recipients);
        return channel;
    }

    Response send(Snowflake user, Snowflake channel, String body) {
        return call(HttpMethod.POST, "/channels/" + channel + "/messages", userToken(user), body);
    }

    Response get(Snowflake user, String path) {
        return call(HttpMethod.GET, path, userToken(user), null);
    }
}
