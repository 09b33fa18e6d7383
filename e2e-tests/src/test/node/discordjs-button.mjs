// A discord.js 14 bot answering a button, configured as any is but for its REST base URL. The bot posts a
// message with a button; the person clicks it through the API, as the platform's client does
// (POST /interactions); the bot updates the message from its interactionCreate handler and follows up.
// It prints what it saw as one line of JSON.
//
// Environment: CONCORD_API (the edge's /api), BOT_TOKEN, GUILD_ID, CHANNEL_ID, PERSON_TOKEN.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, Client, Events, GatewayIntentBits } from 'discord.js';

const { CONCORD_API, BOT_TOKEN, GUILD_ID, CHANNEL_ID, PERSON_TOKEN } = process.env;
const WAIT_MS = 30_000;

function within(promise, what) {
  return Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), WAIT_MS)),
  ]);
}

const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: CONCORD_API } });

const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
// The bot's whole answer: the update of the clicked message, then a follow-up.
const answered = new Promise((resolve, reject) => {
  client.on(Events.InteractionCreate, async (interaction) => {
    try {
      if (!interaction.isButton()) return;
      const updated = await interaction.update({
        content: `Approved by ${interaction.user.username}`,
        components: [],
        withResponse: true,
      });
      const followUp = await interaction.followUp({ content: 'Noted.' });
      resolve({
        customId: interaction.customId,
        userId: interaction.user.id,
        memberPermissions: interaction.memberPermissions?.bitfield?.toString() ?? null,
        messageId: interaction.message.id,
        updatedContent: updated.resource?.message?.content ?? null,
        followUpId: followUp.id,
        followUpContent: followUp.content,
      });
    } catch (error) {
      reject(error);
    }
  });
});

async function asPerson(method, path, body) {
  const response = await fetch(`${CONCORD_API}/v10${path}`, {
    method,
    headers: { Authorization: PERSON_TOKEN, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

try {
  await client.login(BOT_TOKEN);
  await within(ready, 'READY');
  const channel = await client.channels.fetch(CHANNEL_ID);
  const row = new ActionRowBuilder().addComponents(
    new ButtonBuilder().setCustomId('approve').setLabel('Approve').setStyle(ButtonStyle.Success),
  );
  const sent = await channel.send({ content: 'Approve the release?', components: [row] });

  const clicked = await asPerson('POST', '/interactions', {
    type: 3,
    application_id: client.application.id,
    guild_id: GUILD_ID,
    channel_id: CHANNEL_ID,
    message_id: sent.id,
    message_flags: 0,
    session_id: 'e2e-session',
    nonce: '1234567890',
    data: { component_type: 2, custom_id: 'approve' },
  });
  if (clicked.status !== 204) throw new Error(`the click was answered ${clicked.status}: ${JSON.stringify(clicked.body)}`);
  const answer = await within(answered, 'the interaction and its answer');

  const readBack = await asPerson('GET', `/channels/${CHANNEL_ID}/messages/${sent.id}`);
  console.log(JSON.stringify({
    ...answer,
    sentId: sent.id,
    readBackContent: readBack.body.content,
    readBackComponents: readBack.body.components.length,
  }));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await client.destroy();
}
