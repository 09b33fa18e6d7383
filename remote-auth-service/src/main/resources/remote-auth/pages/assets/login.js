// The desktop side of QR-code login: a socket to the remote-auth gateway (version 2), a fresh RSA-OAEP
// key made in the browser, the QR code of the key's fingerprint, and the token the phone's approval
// sends, encrypted for this key alone. The private key never leaves WebCrypto (it is not extractable).
import {
  api, base64ToBytes, bytesToBase64, bytesToBase64Url, describeError, setText, show, TOKEN_KEY,
} from './common.js';

const GATEWAY = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/remote-auth/?v=2`;
/** The gateway closes with this when the session's lifespan is over. */
const CLOSE_TIMEOUT = 4003;
/** WebCrypto's RSA-OAEP with SHA-256 is what the gateway encrypts for (MGF1 with SHA-256 too). */
const KEY_PARAMS = {
  name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256',
};

/** A failure to show as it is, rather than as "something went wrong". */
class Shown extends Error {}

/** The attempt on screen; a restart retires it so its late events change nothing. */
let current = null;

function start() {
  if (current) {
    retire(current);
  }
  if (!window.isSecureContext || !crypto.subtle) {
    fail(null, new Shown('This page needs HTTPS (or localhost): browsers only offer their cryptography to secure pages.'));
    return;
  }
  const attempt = {
    socket: new WebSocket(GATEWAY),
    live: true,
    // Set once the phone approved or denied: the socket's close that follows is the expected end.
    ended: false,
    heartbeat: null,
    acknowledged: true,
    keys: null,
    spki: null,
    queue: Promise.resolve(),
  };
  current = attempt;
  show('connecting');
  attempt.socket.onmessage = (event) => received(attempt, event.data);
  attempt.socket.onclose = (event) => closed(attempt, event);
}

function received(attempt, data) {
  let payload;
  try {
    payload = JSON.parse(data);
  } catch {
    fail(attempt, new Shown('The server sent something this page cannot read.'));
    return;
  }
  if (payload.op === 'pending_login' || payload.op === 'cancel') {
    attempt.ended = true;
  }
  // WebCrypto answers asynchronously: payloads are handled one after another, in the order they came.
  attempt.queue = attempt.queue
    .then(() => (attempt.live ? handle(attempt, payload) : undefined))
    .catch((error) => fail(attempt, error));
}

async function handle(attempt, payload) {
  switch (payload.op) {
    case 'hello':
      startHeartbeat(attempt, payload.heartbeat_interval);
      attempt.keys = await crypto.subtle.generateKey(KEY_PARAMS, false, ['encrypt', 'decrypt']);
      attempt.spki = await crypto.subtle.exportKey('spki', attempt.keys.publicKey);
      send(attempt, { op: 'init', encoded_public_key: bytesToBase64(attempt.spki) });
      break;
    case 'nonce_proof': {
      // Proves this side holds the private key: the nonce's SHA-256, never the nonce itself.
      const nonce = await decrypt(attempt, payload.encrypted_nonce);
      send(attempt, { op: 'nonce_proof', nonce: bytesToBase64Url(await crypto.subtle.digest('SHA-256', nonce)) });
      break;
    }
    case 'pending_remote_init':
      await showCode(attempt, payload.fingerprint);
      break;
    case 'pending_ticket': {
      // id:discriminator:avatar:username; the username is last so that nothing before it is ambiguous.
      const fields = new TextDecoder().decode(await decrypt(attempt, payload.encrypted_user_payload)).split(':');
      setText('ticket-user', fields.slice(3).join(':'));
      step(attempt, 'ticket');
      break;
    }
    case 'pending_login':
      await logIn(attempt, payload.ticket);
      break;
    case 'cancel':
      step(attempt, 'denied');
      break;
    case 'heartbeat_ack':
      attempt.acknowledged = true;
      break;
    default:
      // A newer server may send more; nothing here depends on it.
      break;
  }
}

/** The QR code is shown only for the fingerprint of this page's own key. */
async function showCode(attempt, fingerprint) {
  const own = bytesToBase64Url(await crypto.subtle.digest('SHA-256', attempt.spki));
  if (fingerprint !== own) {
    throw new Shown('The server named a key this page does not hold.');
  }
  const link = await api('GET', `/remote-auth/qr/${fingerprint}.json`);
  if (link.status !== 200) {
    throw new Shown(describeError(link));
  }
  const box = document.getElementById('qr-code');
  box.dataset.fingerprint = fingerprint;
  box.dataset.url = link.body.url;
  document.getElementById('qr-image').src = `/remote-auth/qr/${fingerprint}.svg`;
  const anchor = document.getElementById('qr-link');
  anchor.href = link.body.url;
  anchor.textContent = link.body.url;
  step(attempt, 'qr');
}

/** Trades the ticket for the token, encrypted for this key, and keeps it as this browser's login. */
async function logIn(attempt, ticket) {
  step(attempt, 'logging-in');
  const exchanged = await api('POST', '/users/@me/remote-auth/login', { body: { ticket } });
  if (exchanged.status !== 200) {
    throw new Shown(`The login could not be completed: ${describeError(exchanged)}`);
  }
  const token = new TextDecoder().decode(await decrypt(attempt, exchanged.body.encrypted_token));
  localStorage.setItem(TOKEN_KEY, token);
  const me = await api('GET', '/users/@me', { token });
  if (me.status !== 200) {
    throw new Shown(`Logged in, but your account could not be read: ${describeError(me)}`);
  }
  setText('me', me.body.username);
  document.body.dataset.username = me.body.username;
  step(attempt, 'logged-in');
}

/** Shows a step of this attempt, unless a restart or a lost socket retired it while it was busy. */
function step(attempt, name) {
  if (attempt.live) {
    show(name);
  }
}

function decrypt(attempt, base64) {
  return crypto.subtle.decrypt({ name: 'RSA-OAEP' }, attempt.keys.privateKey, base64ToBytes(base64));
}

function send(attempt, payload) {
  if (attempt.socket.readyState === WebSocket.OPEN) {
    attempt.socket.send(JSON.stringify(payload));
  }
}

/** A heartbeat every interval; one left unanswered means the connection is gone, whatever the socket says. */
function startHeartbeat(attempt, interval) {
  attempt.heartbeat = setInterval(() => {
    if (!attempt.acknowledged) {
      lost(attempt, 'The connection stopped answering.');
      return;
    }
    attempt.acknowledged = false;
    send(attempt, { op: 'heartbeat' });
  }, interval);
}

function closed(attempt, event) {
  clearInterval(attempt.heartbeat);
  if (!attempt.live || attempt.ended) {
    return;
  }
  lost(attempt, event.code === CLOSE_TIMEOUT ? 'This QR code has expired.' : `The connection was lost (code ${event.code}).`);
}

function lost(attempt, reason) {
  retire(attempt);
  setText('expired-reason', reason);
  show('expired');
}

function fail(attempt, error) {
  if (attempt) {
    if (!attempt.live) {
      return;
    }
    retire(attempt);
  }
  setText('failure', error instanceof Shown ? error.message : 'Something went wrong. Try again.');
  if (!(error instanceof Shown)) {
    console.error('remote-auth login failed', error);
  }
  show('failed');
}

function retire(attempt) {
  attempt.live = false;
  clearInterval(attempt.heartbeat);
  if (attempt.socket.readyState === WebSocket.CONNECTING || attempt.socket.readyState === WebSocket.OPEN) {
    attempt.socket.close(1000);
  }
}

for (const button of document.querySelectorAll('[data-action="restart"]')) {
  button.addEventListener('click', start);
}
start();
