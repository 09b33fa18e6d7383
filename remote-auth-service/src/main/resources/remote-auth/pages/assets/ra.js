// The phone side of QR-code login: the link of a desktop's QR code opens this page, where a logged-in
// user sees which device asks and approves or denies it. Approving sends that device a login of this
// account, so the page always says which account and which device before the buttons.
import {
  api, describeError, FINGERPRINT, setText, show, TOKEN_KEY,
} from './common.js';

const PAGE = '/remote-auth/ra';

/** The fingerprint in the address (/remote-auth/ra/<fingerprint>); '' when there is none. */
const fingerprint = location.pathname.slice(PAGE.length).replace(/^\/+|\/+$/g, '');
/** The session this page claimed: what finish and cancel name. */
let handshakeToken = null;
let me = null;

async function start() {
  if (fingerprint === '') {
    show('paste');
    return;
  }
  if (!FINGERPRINT.test(fingerprint)) {
    failed('This link is not a login link: check that it was copied whole.');
    return;
  }
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) {
    show('login');
    return;
  }
  const answer = await api('GET', '/users/@me', { token });
  if (answer.status === 401) {
    // The stored login expired or was logged out elsewhere.
    localStorage.removeItem(TOKEN_KEY);
    show('login');
    return;
  }
  if (answer.status !== 200) {
    failed(describeError(answer));
    return;
  }
  me = answer.body;
  setText('ready-user', me.username);
  show('ready');
}

/** The pasted link or bare fingerprint, opened as this page's address. */
function pasted(event) {
  event.preventDefault();
  const value = document.getElementById('paste-link').value.trim();
  const candidate = value.split(/[/?#]/).filter((part) => part !== '').pop() || '';
  const found = FINGERPRINT.test(candidate) ? candidate : value.split('/').filter((part) => FINGERPRINT.test(part)).pop();
  if (!found) {
    setText('paste-error', 'That is not a login link or code.');
    return;
  }
  location.assign(`${PAGE}/${found}`);
}

async function logIn(event) {
  event.preventDefault();
  const submit = document.getElementById('login-submit');
  submit.disabled = true;
  setText('login-error', '');
  try {
    const answer = await api('POST', '/auth/login', {
      body: {
        login: document.getElementById('login-username').value.trim(),
        password: document.getElementById('login-password').value,
      },
    });
    if (answer.status !== 200) {
      setText('login-error', describeError(answer));
      return;
    }
    localStorage.setItem(TOKEN_KEY, answer.body.token);
    document.getElementById('login-password').value = '';
    await start();
  } finally {
    submit.disabled = false;
  }
}

/** Claims the desktop's session: from here on no other phone can, and the desktop shows who scanned. */
async function continueLogin() {
  show('working');
  const answer = await api('POST', '/users/@me/remote-auth', { token: token(), body: { fingerprint } });
  if (answer.status === 401) {
    relogin();
    return;
  }
  if (answer.status === 404) {
    failed('This QR code is unknown or has expired. Get a new one on the other device and scan it again.');
    return;
  }
  if (answer.status !== 200) {
    failed(describeError(answer));
    return;
  }
  handshakeToken = answer.body.handshake_token;
  const desktop = answer.body.desktop || {};
  setText('desktop-ip', desktop.ip || 'unknown');
  setText('desktop-agent', desktop.user_agent || 'unknown');
  setText('confirm-user', me.username);
  show('confirm');
}

async function decide(approve) {
  show('working');
  const answer = approve
    ? await api('POST', '/users/@me/remote-auth/finish', { token: token(), body: { handshake_token: handshakeToken, temporary_token: false } })
    : await api('POST', '/users/@me/remote-auth/cancel', { token: token(), body: { handshake_token: handshakeToken } });
  handshakeToken = null;
  if (answer.status === 204) {
    show(approve ? 'approved' : 'denied');
  } else if (answer.status === 404) {
    failed('This login session has expired. Get a new QR code on the other device and scan it again.');
  } else if (answer.status === 401) {
    relogin();
  } else {
    failed(describeError(answer));
  }
}

function token() {
  return localStorage.getItem(TOKEN_KEY);
}

function relogin() {
  localStorage.removeItem(TOKEN_KEY);
  setText('login-error', 'Your login here has expired: log in again.');
  show('login');
}

/** Forgets this device's login; revoking it server-side is best effort, forgetting it is not. */
function logOut() {
  const stored = token();
  localStorage.removeItem(TOKEN_KEY);
  me = null;
  if (stored) {
    api('POST', '/auth/logout', { token: stored }).catch(() => {});
  }
  show('login');
}

function failed(message) {
  setText('failure', message);
  show('failed');
}

/** Any unexpected failure (a network error, say) is shown rather than leaving the page hanging. */
function guarded(action) {
  return (event) => action(event).catch((error) => {
    console.error('remote-auth approval failed', error);
    failed('Could not reach the server. Check your connection and try again.');
  });
}

document.getElementById('paste-form').addEventListener('submit', pasted);
document.getElementById('login-form').addEventListener('submit', guarded(logIn));
document.getElementById('continue').addEventListener('click', guarded(continueLogin));
document.getElementById('approve').addEventListener('click', guarded(() => decide(true)));
document.getElementById('deny').addEventListener('click', guarded(() => decide(false)));
document.getElementById('logout').addEventListener('click', logOut);
document.getElementById('start-over').addEventListener('click', () => location.reload());
guarded(start)();
