// The webhook clients people use, configured as any is but for where they send: discord.js's
// WebhookClient (its REST base URL) and @slack/webhook's IncomingWebhook (the URL the platform gives a
// webhook for Slack). Each executes, and discord.js also reads, edits and deletes its messages. Prints
// what they saw as one line of JSON.
//
// Environment: CONCORD_API (the edge's /api), WEBHOOK_ID, WEBHOOK_TOKEN, SLACK_URL.
import { WebhookClient } from 'discord.js';
import { IncomingWebhook } from '@slack/webhook';

const { CONCORD_API, WEBHOOK_ID, WEBHOOK_TOKEN, SLACK_URL } = process.env;

const webhook = new WebhookClient({ id: WEBHOOK_ID, token: WEBHOOK_TOKEN }, { rest: { api: CONCORD_API } });
try {
  const sent = await webhook.send({
    content: 'hello from discord.js',
    username: 'JS hook',
    embeds: [{ title: 'Embedded', description: 'by WebhookClient', color: 0x5865f2 }],
  });
  const fetched = await webhook.fetchMessage(sent.id);
  const edited = await webhook.editMessage(sent.id, { content: 'edited by discord.js' });
  const doomed = await webhook.send({ content: 'to be deleted' });
  await webhook.deleteMessage(doomed.id);
  let deletedGone = false;
  try {
    await webhook.fetchMessage(doomed.id);
  } catch (error) {
    deletedGone = error.code === 10008;
  }

  const slack = new IncomingWebhook(SLACK_URL);
  const slackAnswer = await slack.send({
    text: 'hello from <https://slack.dev|@slack/webhook>',
    username: 'Slack hook',
    attachments: [{ color: 'good', title: 'Slack attachment', text: 'green', fields: [{ title: 'f', value: 'v', short: true }] }],
  });

  console.log(JSON.stringify({
    sentId: sent.id,
    authorName: sent.author.username,
    webhookId: sent.webhook_id,
    embedTitle: sent.embeds[0]?.title,
    fetched: fetched.content,
    edited: edited.content,
    deletedGone,
    slackAnswer: slackAnswer.text,
  }));
} finally {
  webhook.destroy();
}
