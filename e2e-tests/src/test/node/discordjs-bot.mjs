// A discord.js 14 bot, configured as any is but for its REST base URL (the gateway URL it asks the API
// for, as always). It plays the end-to-end scenario and prints what it saw as one line of JSON.
//
// Environment: CONCORD_API (the edge's /api), BOT_TOKEN, GUILD_ID, CHANNEL_ID, PERSON_TOKEN.
import { Client, GatewayIntentBits, Events } from 'discord.js';

const { CONCORD_API, BOT_TOKEN, GUILD_ID, CHANNEL_ID, PERSON_TOKEN } = process.env;
const WAIT_MS = 30_000;

function within(promise, what) {
  return Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), WAIT_MS)),
  ]);
}

const client = new Client({
  intents: [
    GatewayIntentBits.Guilds,
    GatewayIntentBits.GuildMessages,
    GatewayIntentBits.GuildMembers,
    GatewayIntentBits.MessageContent,
  ],
  rest: { api: CONCORD_API },
});

const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
const received = new Promise((resolve) => {
  client.on(Events.MessageCreate, (message) => {
    if (message.author.id !== client.user.id) {
      resolve(message);
    }
  });
});

try {
  await client.login(BOT_TOKEN);
  await within(ready, 'READY and the guilds');
  const guild = client.guilds.cache.get(GUILD_ID);
  if (!guild) throw new Error(`no guild ${GUILD_ID} after READY`);
  const channel = guild.channels.cache.get(CHANNEL_ID);
  if (!channel) throw new Error(`no channel ${CHANNEL_ID}`);
  const application = await client.application.fetch();
  const members = await within(guild.members.fetch(), 'the guild members');

  const sent = await channel.send('hello from discord.js');
  // discord.js keeps one object per message and updates it: its content is read now, before the edit.
  const readBack = (await channel.messages.fetch({ message: sent.id, force: true })).content;

  // The person speaks, through the API, mentioning the bot.
  const answer = await fetch(`${CONCORD_API}/v10/channels/${CHANNEL_ID}/messages`, {
    method: 'POST',
    headers: { Authorization: PERSON_TOKEN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content: `hi <@${client.user.id}>` }),
  });
  const personMessage = (await answer.json()).id;
  const theirs = await within(received, "the person's MESSAGE_CREATE");
  if (theirs.id !== personMessage) throw new Error(`received ${theirs.id}, not ${personMessage}`);

  const edited = await sent.edit('edited by discord.js');
  await sent.delete();
  let gone = false;
  try {
    await channel.messages.fetch({ message: sent.id, force: true });
  } catch (error) {
    gone = error.code === 10008;
  }
  const self = await guild.members.fetchMe();
  console.log(JSON.stringify({
    guildName: guild.name,
    channelIds: [...guild.channels.cache.keys()],
    selfRoleIds: [...self.roles.cache.keys()].filter((id) => id !== guild.id),
    sentId: sent.id,
    readBack,
    receivedId: theirs.id,
    receivedContent: theirs.content,
    edited: edited.content,
    goneAfterDelete: gone,
    applicationId: application.id,
    membersLoaded: members.size,
  }));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await client.destroy();
}
