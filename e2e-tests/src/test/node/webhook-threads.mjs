// discord.js's WebhookClient, configured as any is but for its REST base URL, posting into a thread of
// its channel (threadId) and, as a forum's webhook, starting a post (threadName, appliedTags). Prints what
// it saw as one line of JSON.
//
// Environment: CONCORD_API (the edge's /api), WEBHOOK_ID, WEBHOOK_TOKEN, THREAD_ID, FORUM_WEBHOOK_ID,
// FORUM_WEBHOOK_TOKEN, TAG_ID.
import { WebhookClient } from 'discord.js';

const { CONCORD_API, WEBHOOK_ID, WEBHOOK_TOKEN, THREAD_ID, FORUM_WEBHOOK_ID, FORUM_WEBHOOK_TOKEN, TAG_ID } = process.env;
const rest = { rest: { api: CONCORD_API } };

const webhook = new WebhookClient({ id: WEBHOOK_ID, token: WEBHOOK_TOKEN }, rest);
const forum = new WebhookClient({ id: FORUM_WEBHOOK_ID, token: FORUM_WEBHOOK_TOKEN }, rest);
try {
  const inThread = await webhook.send({ content: 'into the thread', threadId: THREAD_ID });
  const fetched = await webhook.fetchMessage(inThread.id, { threadId: THREAD_ID });
  const edited = await webhook.editMessage(inThread.id, { content: 'edited in the thread', threadId: THREAD_ID });
  const post = await forum.send({ content: 'a new post', threadName: 'Posted by discord.js', appliedTags: [TAG_ID] });
  let refused = null;
  try {
    await forum.send({ content: 'no thread' });
  } catch (error) {
    refused = error.code;
  }
  console.log(JSON.stringify({
    threadMessageChannel: inThread.channel_id,
    fetched: fetched.content,
    edited: edited.content,
    postId: post.id,
    postChannel: post.channel_id,
    refused,
  }));
} finally {
  webhook.destroy();
  forum.destroy();
}
