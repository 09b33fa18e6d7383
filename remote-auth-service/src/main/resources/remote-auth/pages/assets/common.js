// What the desktop page and the phone page share: the stored token, API calls, error sentences, steps.

/** Where a token is kept. Both pages use one key: a browser holds one login, whichever way it got it. */
export const TOKEN_KEY = 'concord.token';

/** A fingerprint: the base64url SHA-256 of a key, unpadded (32 bytes are 43 characters). */
export const FINGERPRINT = /^[A-Za-z0-9_-]{43}$/;

/** Calls the API on this origin; answers with the status and the parsed body (null when there is none). */
export async function api(method, path, { token, body } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) {
    headers.Authorization = token;
  }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  // No cookies: the token in Authorization is the only credential, so no other site can ride on it.
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'omit', cache: 'no-store',
  });
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed };
}

/** A sentence for a platform error body ({message, code, errors?, retry_after?}). */
export function describeError(response) {
  const body = response.body || {};
  if (response.status === 429) {
    const seconds = Math.max(1, Math.ceil(Number(body.retry_after) || 1));
    return `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  }
  const detail = firstFieldError(body.errors);
  if (body.message && detail) {
    return `${body.message}: ${detail}`;
  }
  return body.message || `Something went wrong (HTTP ${response.status}).`;
}

/** The first message in a 50035 error tree ({field: {_errors: [{message}]}}), depth first. */
function firstFieldError(tree) {
  if (!tree || typeof tree !== 'object') {
    return null;
  }
  if (Array.isArray(tree._errors) && tree._errors.length > 0) {
    return tree._errors[0].message;
  }
  for (const child of Object.values(tree)) {
    const found = firstFieldError(child);
    if (found) {
      return found;
    }
  }
  return null;
}

/** Shows one step of the page and hides the others; body[data-state] names it, for tests and styles. */
export function show(step) {
  for (const section of document.querySelectorAll('section[data-step]')) {
    section.hidden = section.dataset.step !== step;
  }
  document.body.dataset.state = step;
}

/** Sets an element's text: never HTML, so names and user agents cannot inject markup. */
export function setText(id, value) {
  document.getElementById(id).textContent = value;
}

export function base64ToBytes(base64) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) {
    bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}

export function bytesToBase64(buffer) {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

/** Base64url without padding, as fingerprints and the nonce proof are written. */
export function bytesToBase64Url(buffer) {
  return bytesToBase64(buffer).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
